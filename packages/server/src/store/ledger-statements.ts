/**
 * The ledger's statements that read the same on every database: applying moves to balances under
 * the non-negative guard, appending the ledger transaction and its entries, reading balances.
 * The money store implementations compose them (and PostgreSQL fuses some of them).
 */
import type { Currency } from "@casino/protocol";
import { type QueryCreator, sql } from "kysely";
import { createTimeOrderedId } from "../db/ids.ts";
import { prepareByShape, prepareQuery } from "../db/prepared.ts";
import type { Database } from "../db/schema.ts";
import { fetchAll, type QueryBuilder, runWrite, runWriteUnread, type Steps } from "../db/steps.ts";
import { isSystemAccount } from "../ledger/accounts.ts";
import type { Balances, InsufficientFunds, Move, TransferInput } from "./money-store.ts";

/** A signed change of one account's balance in one currency. */
export interface BalanceChange {
  accountId: string;
  currency: Currency;
  delta: number;
  now: number;
}

/** Adds a delta to a balance, creating the row when missing (credits and system accounts). */
const addToBalanceQuery = prepareQuery((q, p: BalanceChange) =>
  q
    .insertInto("balances")
    .values({ account_id: p.accountId, currency: p.currency, balance: p.delta, updated_at: p.now })
    .onConflict((oc) =>
      oc.columns(["account_id", "currency"]).doUpdateSet({
        balance: sql<number>`balances.balance + excluded.balance`,
        updated_at: sql<number>`excluded.updated_at`,
      }),
    ),
);

/** Debits only if the balance covers the amount: the guard that makes overdrawing impossible. */
export function debitIfCovered(q: QueryCreator<Database>, p: BalanceChange) {
  return q
    .updateTable("balances")
    .set({ balance: sql<number>`balance - ${p.delta}`, updated_at: p.now })
    .where("account_id", "=", p.accountId)
    .where("currency", "=", p.currency)
    .where("balance", ">=", p.delta);
}

/** The guarded debit, its rows touched read by the caller. */
const debitIfCoveredQuery = prepareQuery(debitIfCovered);

const insertTransactionQuery = prepareQuery(
  (q, p: { id: string; kind: string; userId: string | null; roundId: string | null; now: number }) =>
    q
      .insertInto("ledger_transactions")
      .values({ id: p.id, kind: p.kind, user_id: p.userId, round_id: p.roundId, created_at: p.now }),
);

/** The rows of `count` ledger entries from a statement's named values (`account0`, `delta0`, `reason0`, ...). */
export function entryRows(p: Record<string, unknown>, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    tx_id: p.txId as string,
    account_id: p[`account${i}`] as string,
    currency: p.currency as Currency,
    delta: p[`delta${i}`] as number,
    reason: p[`reason${i}`] as string,
    round_id: p.roundId as string | null,
    created_at: p.now as number,
  }));
}

/** Entry inserts by row count (each count is its own statement). */
const insertEntriesQuery = prepareByShape(
  (count: number) => (q: QueryBuilder, p: Record<string, unknown>) =>
    q.insertInto("ledger_entries").values(entryRows(p, count)),
);

/** A move the non-negative guard does not check: a credit, or any move of a system account. */
export function isUnguarded(move: Move): boolean {
  return move.delta > 0 || isSystemAccount(move.accountId);
}

/** The moves a transfer must see covered: debits of accounts other than system ones. */
export function guardedDebits(moves: Move[]): Move[] {
  return moves.filter((m) => m.delta !== 0 && !isUnguarded(m));
}

/** One account's net unguarded change. */
export interface Credit {
  accountId: string;
  delta: number;
}

/**
 * The unguarded moves netted per account (one statement may change a row only once), in the lock
 * order of orderMoves: wallets and escrow before system accounts, then by account id.
 */
export function netCredits(moves: Move[]): Credit[] {
  const net = new Map<string, number>();
  for (const m of moves) if (isUnguarded(m)) net.set(m.accountId, (net.get(m.accountId) ?? 0) + m.delta);
  return orderMoves([...net].map(([accountId, delta]) => ({ accountId, delta, reason: "" })));
}

/** Throws on a malformed transfer: these are bugs in the caller, never player input. */
export function assertBalanced(currency: Currency, moves: Move[]): void {
  let sum = 0;
  for (const move of moves) {
    if (!Number.isSafeInteger(move.delta))
      throw new Error(`ledger: delta ${move.delta} is not an integer amount`);
    sum += move.delta;
  }
  if (sum !== 0) throw new Error(`ledger: moves do not sum to zero (${sum})`);
  if (currency !== "HC" && currency !== "AMINA") throw new Error(`ledger: bad currency ${currency}`);
}

/** Guarded debits first (a failure then undoes only debits), then credits, system accounts last (hot rows locked late). */
export function orderMoves(moves: Move[]): Move[] {
  const rank = (m: Move) => (isSystemAccount(m.accountId) ? 2 : m.delta < 0 ? 0 : 1);
  return moves
    .filter((m) => m.delta !== 0)
    .sort(
      (a, b) => rank(a) - rank(b) || (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0),
    );
}

/**
 * Applies moves to balances, all or nothing: on an uncovered guarded debit the moves already
 * applied are undone and the refusal returned. Moves need not balance here (a round debits the
 * stake before its rule runs); the recorded transaction must.
 */
export function* applyMovesSteps(
  q: QueryBuilder,
  currency: Currency,
  moves: Move[],
  now: number,
): Steps<{ ok: true } | InsufficientFunds> {
  const applied: Move[] = [];
  for (const move of orderMoves(moves)) {
    if (!Number.isSafeInteger(move.delta))
      throw new Error(`ledger: delta ${move.delta} is not an integer amount`);
    const change = { accountId: move.accountId, currency, delta: move.delta, now };
    if (move.delta < 0 && !isSystemAccount(move.accountId)) {
      const changed = yield* runWrite(debitIfCoveredQuery(q, { ...change, delta: -move.delta }));
      if (changed !== 1) {
        for (const done of applied) {
          yield* runWriteUnread(
            addToBalanceQuery(q, { accountId: done.accountId, currency, delta: -done.delta, now }),
          );
        }
        return {
          ok: false,
          code: "ledger/insufficient_funds",
          message: `${move.accountId} cannot cover ${-move.delta} ${currency} units`,
          accountId: move.accountId,
        };
      }
    } else {
      yield* runWriteUnread(addToBalanceQuery(q, change));
    }
    applied.push(move);
  }
  return { ok: true };
}

/** Appends a ledger transaction and its entries (which must sum to zero); returns its id. */
export function* recordTransactionSteps(q: QueryBuilder, input: TransferInput, now: number): Steps<string> {
  assertBalanced(input.currency, input.moves);
  const id = createTimeOrderedId();
  const roundId = input.roundId ?? null;
  yield* runWriteUnread(
    insertTransactionQuery(q, { id, kind: input.kind, userId: input.userId ?? null, roundId, now }),
  );
  const entries = input.moves.filter((m) => m.delta !== 0);
  if (entries.length === 0) return id;
  const values: Record<string, unknown> = { txId: id, currency: input.currency, roundId, now };
  entries.forEach((m, i) => {
    values[`account${i}`] = m.accountId;
    values[`delta${i}`] = m.delta;
    values[`reason${i}`] = m.reason;
  });
  yield* runWriteUnread(insertEntriesQuery(entries.length)(q, values));
  return id;
}

/** An account's balance in one currency as a scalar subquery of a larger statement (null without a row). */
export function balanceSubquery(accountId: unknown, currency: Currency) {
  return sql<
    number | null
  >`(select balance from balances where account_id = ${accountId} and currency = ${sql.lit(currency)})`;
}

const selectBalancesQuery = prepareQuery((q, p: { accountId: string }) =>
  q.selectFrom("balances").select(["currency", "balance"]).where("account_id", "=", p.accountId),
);

/** Reads an account's balances as steps (missing rows are zero). */
export function* balancesSteps(q: QueryBuilder, accountId: string): Steps<Balances> {
  const rows = yield* fetchAll(selectBalancesQuery(q, { accountId }));
  const balances: Balances = { HC: 0, AMINA: 0 };
  for (const row of rows) balances[row.currency] = Number(row.balance);
  return balances;
}

/**
 * The ledger's statements as steps: applying moves to balances under the non-negative guard and
 * recording the append-only entries. Shared by every money movement and the round service.
 */

import type { Currency } from "@casino/protocol";
import { sql } from "kysely";
import { createTimeOrderedId } from "../db/ids.ts";
import { type PreparedQuery, prepareQuery } from "../db/prepared.ts";
import { fetchAll, type QueryBuilder, runWrite, type Steps } from "../db/steps.ts";
import { isSystemAccount } from "./accounts.ts";

/** A balance per currency, in micro-units. */
export type Balances = Record<Currency, number>;

/** One leg of a transfer: a signed amount on one account. */
export interface Move {
  accountId: string;
  delta: number; // micro-units, negative = debit
  reason: string;
}

/** A money movement: moves on one currency that sum to zero. */
export interface TransferInput {
  kind: string; // bet, win, round, grant, deposit, withdraw, buy_in, cash_out, rake, ...
  userId?: string | null;
  roundId?: string | null;
  currency: Currency;
  moves: Move[];
}

/** The refusal of a guarded debit that would overdraw. */
export interface InsufficientFunds {
  ok: false;
  code: "ledger/insufficient_funds";
  message: string;
  accountId: string;
}

/** A transfer's answer: its ledger transaction id, or nothing moved because a debit was not covered. */
export type TransferResult = { ok: true; txId: string } | InsufficientFunds;

interface BalanceChange {
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
const debitIfCoveredQuery = prepareQuery((q, p: BalanceChange) =>
  q
    .updateTable("balances")
    .set({ balance: sql<number>`balance - ${p.delta}`, updated_at: p.now })
    .where("account_id", "=", p.accountId)
    .where("currency", "=", p.currency)
    .where("balance", ">=", p.delta),
);

const insertTransactionQuery = prepareQuery(
  (q, p: { id: string; kind: string; userId: string | null; roundId: string | null; now: number }) =>
    q
      .insertInto("ledger_transactions")
      .values({ id: p.id, kind: p.kind, user_id: p.userId, round_id: p.roundId, created_at: p.now }),
);

/** Entry inserts by row count (each count is its own statement). */
const insertEntriesQueries = new Map<number, PreparedQuery<Record<string, unknown>, unknown>>();

function insertEntriesQuery(count: number): PreparedQuery<Record<string, unknown>, unknown> {
  let prepared = insertEntriesQueries.get(count);
  if (!prepared) {
    prepared = prepareQuery((q, p: Record<string, unknown>) =>
      q.insertInto("ledger_entries").values(
        Array.from({ length: count }, (_, i) => ({
          tx_id: p.txId as string,
          account_id: p[`account${i}`] as string,
          currency: p.currency as Currency,
          delta: p[`delta${i}`] as number,
          reason: p[`reason${i}`] as string,
          round_id: p.roundId as string | null,
          created_at: p.now as number,
        })),
      ),
    );
    insertEntriesQueries.set(count, prepared);
  }
  return prepared;
}

const selectBalancesQuery = prepareQuery((q, p: { accountId: string }) =>
  q.selectFrom("balances").select(["currency", "balance"]).where("account_id", "=", p.accountId),
);

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
function orderMoves(moves: Move[]): Move[] {
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
          yield* runWrite(
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
      yield* runWrite(addToBalanceQuery(q, change));
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
  yield* runWrite(
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
  yield* runWrite(insertEntriesQuery(entries.length)(q, values));
  return id;
}

/** Posts a balanced transfer as steps: the balance changes and the ledger rows, all or nothing. */
export function* transferSteps(
  q: QueryBuilder,
  input: TransferInput,
  now = Date.now(),
): Steps<TransferResult> {
  assertBalanced(input.currency, input.moves);
  const applied = yield* applyMovesSteps(q, input.currency, input.moves, now);
  if (!applied.ok) return applied;
  return { ok: true, txId: yield* recordTransactionSteps(q, input, now) };
}

/** Reads an account's balances as steps (missing rows are zero). */
export function* balancesSteps(q: QueryBuilder, accountId: string): Steps<Balances> {
  const rows = yield* fetchAll(selectBalancesQuery(q, { accountId }));
  const balances: Balances = { HC: 0, AMINA: 0 };
  for (const row of rows) balances[row.currency] = Number(row.balance);
  return balances;
}

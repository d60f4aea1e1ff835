/**
 * The ledger's statements as steps: applying moves to balances under the non-negative guard and
 * recording the append-only entries. Shared by every money movement and the round service.
 *
 * On PostgreSQL every statement is a round trip (and a socket write) inside the open transaction,
 * so a transfer there takes its guarded debits one by one (each must be seen to succeed) and then
 * posts every credit and the ledger rows in one statement. On SQLite a statement is a function
 * call, and each move stays its own statement.
 */

import type { Currency } from "@casino/protocol";
import { PostgresAdapter, type QueryCreator, sql } from "kysely";
import { createTimeOrderedId } from "../db/ids.ts";
import { prepareByShape, prepareQuery } from "../db/prepared.ts";
import type { Database } from "../db/schema.ts";
import { fetchAll, type QueryBuilder, runWrite, runWriteUnread, type Steps } from "../db/steps.ts";
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

/** True when the builder's database is PostgreSQL (prepared-query templates are per adapter too). */
export function isPostgres(q: QueryBuilder): boolean {
  return q.getExecutor().adapter instanceof PostgresAdapter;
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
function debitIfCovered(q: QueryCreator<Database>, p: BalanceChange) {
  return q
    .updateTable("balances")
    .set({ balance: sql<number>`balance - ${p.delta}`, updated_at: p.now })
    .where("account_id", "=", p.accountId)
    .where("currency", "=", p.currency)
    .where("balance", ">=", p.delta);
}

/** The guarded debit, its rows touched read by the caller. */
const debitIfCoveredQuery = prepareQuery(debitIfCovered);

/**
 * PostgreSQL: the guarded debit as a statement nobody reads, failing (division by zero) when the
 * balance does not cover it or the row is missing, so its transaction cannot commit without it.
 */
const debitCoveredOrFailQuery = prepareQuery((q, p: BalanceChange) =>
  q
    .with("debited", (db) => debitIfCovered(db, p).returning("account_id"))
    .selectNoFrom(sql<number>`1 / (select count(*) from "debited")::integer`.as("covered")),
);

const insertTransactionQuery = prepareQuery(
  (q, p: { id: string; kind: string; userId: string | null; roundId: string | null; now: number }) =>
    q
      .insertInto("ledger_transactions")
      .values({ id: p.id, kind: p.kind, user_id: p.userId, round_id: p.roundId, created_at: p.now }),
);

/** The rows of `count` ledger entries from a statement's named values (`account0`, `delta0`, `reason0`, ...). */
function entryRows(p: Record<string, unknown>, count: number) {
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
function isUnguarded(move: Move): boolean {
  return move.delta > 0 || isSystemAccount(move.accountId);
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

/** The values of a fused PostgreSQL statement: credits, the transaction row and its entries, by slot name. */
export function fusedValues(
  txId: string,
  input: TransferInput,
  credits: Credit[],
  entries: Move[],
  now: number,
): Record<string, unknown> {
  const values: Record<string, unknown> = {
    txId,
    kind: input.kind,
    userId: input.userId ?? null,
    roundId: input.roundId ?? null,
    currency: input.currency,
    now,
  };
  credits.forEach((c, i) => {
    values[`creditAccount${i}`] = c.accountId;
    values[`creditDelta${i}`] = c.delta;
  });
  entries.forEach((m, i) => {
    values[`account${i}`] = m.accountId;
    values[`delta${i}`] = m.delta;
    values[`reason${i}`] = m.reason;
  });
  return values;
}

/**
 * PostgreSQL: the credits (one multi-row upsert, which locks its rows in the order given), the
 * ledger transaction and its entries, as common table expressions of one statement. Use it only
 * after a write in the same transaction (a debit, a nonce): the transaction then already has its
 * PostgreSQL transaction id when the statement draws entry ids, as the bookkeeper's incremental
 * check expects of every ledger writer.
 */
export function withCreditsAndRecord(
  q: QueryBuilder,
  p: Record<string, unknown>,
  credits: number,
  entries: number,
) {
  return q
    .with("credited", (db) =>
      db
        .insertInto("balances")
        .values(
          Array.from({ length: credits }, (_, i) => ({
            account_id: p[`creditAccount${i}`] as string,
            currency: p.currency as Currency,
            balance: p[`creditDelta${i}`] as number,
            updated_at: p.now as number,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["account_id", "currency"]).doUpdateSet({
            balance: sql<number>`balances.balance + excluded.balance`,
            updated_at: sql<number>`excluded.updated_at`,
          }),
        )
        .returning(["account_id", "currency", "balance"]),
    )
    .with("recorded", (db) =>
      db
        .insertInto("ledger_transactions")
        .values({
          id: p.txId as string,
          kind: p.kind as string,
          user_id: p.userId as string | null,
          round_id: p.roundId as string | null,
          created_at: p.now as number,
        })
        .returning("id"),
    )
    .with("entered", (db) => db.insertInto("ledger_entries").values(entryRows(p, entries)));
}

/** PostgreSQL: credits, transaction and entries of a transfer in one statement, by shape. */
const creditAndRecordQuery = prepareByShape(
  (credits: number, entries: number) => (q: QueryBuilder, p: Record<string, unknown>) =>
    withCreditsAndRecord(q, p, credits, entries).selectFrom("recorded").select("recorded.id"),
);

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

/** Posts a balanced transfer as steps: the balance changes and the ledger rows, all or nothing. */
export function* transferSteps(
  q: QueryBuilder,
  input: TransferInput,
  now = Date.now(),
): Steps<TransferResult> {
  assertBalanced(input.currency, input.moves);
  if (isPostgres(q)) return yield* transferFusedSteps(q, input, now);
  const applied = yield* applyMovesSteps(q, input.currency, input.moves, now);
  if (!applied.ok) return applied;
  return { ok: true, txId: yield* recordTransactionSteps(q, input, now) };
}

/**
 * Posts a balanced transfer whose debits must be covered (a shortfall is a broken invariant, not a
 * refusal: a table's escrow always holds its rake), as steps that read nothing back. On PostgreSQL
 * they travel with the next statement or the commit and an uncovered debit fails the transaction;
 * on SQLite it throws.
 */
export function* transferCoveredSteps(q: QueryBuilder, input: TransferInput, now = Date.now()): Steps<void> {
  assertBalanced(input.currency, input.moves);
  const guarded = guardedDebits(input.moves);
  const credits = netCredits(input.moves);
  if (!isPostgres(q) || guarded.length === 0 || credits.length === 0) {
    const done = yield* transferSteps(q, input, now);
    if (!done.ok) throw new Error(`ledger: a covered transfer was refused: ${done.message}`);
    return;
  }
  for (const move of orderMoves(guarded)) {
    const change = { accountId: move.accountId, currency: input.currency, delta: -move.delta, now };
    yield* runWriteUnread(debitCoveredOrFailQuery(q, change));
  }
  yield* creditAndRecordSteps(q, input, credits, now);
}

/** The moves a transfer must see covered: debits of accounts other than system ones. */
function guardedDebits(moves: Move[]): Move[] {
  return moves.filter((m) => m.delta !== 0 && !isUnguarded(m));
}

/** PostgreSQL: the credits and the ledger rows of a transfer in one unread statement; returns the transaction id. */
function* creditAndRecordSteps(
  q: QueryBuilder,
  input: TransferInput,
  credits: Credit[],
  now: number,
): Steps<string> {
  const txId = createTimeOrderedId();
  const entries = input.moves.filter((m) => m.delta !== 0);
  const values = fusedValues(txId, input, credits, entries, now);
  yield* runWriteUnread(creditAndRecordQuery(credits.length, entries.length)(q, values));
  return txId;
}

/**
 * PostgreSQL: each guarded debit, then the credits and the ledger rows in one statement. A transfer
 * without a guarded debit (a grant, a payout from the house) keeps a statement per step, the
 * ledger transaction's row before its entries.
 */
function* transferFusedSteps(q: QueryBuilder, input: TransferInput, now: number): Steps<TransferResult> {
  const guarded = guardedDebits(input.moves);
  const debited = yield* applyMovesSteps(q, input.currency, guarded, now);
  if (!debited.ok) return debited;
  const credits = netCredits(input.moves);
  if (guarded.length === 0 || credits.length === 0) {
    yield* applyMovesSteps(q, input.currency, input.moves.filter(isUnguarded), now);
    return { ok: true, txId: yield* recordTransactionSteps(q, input, now) };
  }
  return { ok: true, txId: yield* creditAndRecordSteps(q, input, credits, now) };
}

/** Reads an account's balances as steps (missing rows are zero). */
export function* balancesSteps(q: QueryBuilder, accountId: string): Steps<Balances> {
  const rows = yield* fetchAll(selectBalancesQuery(q, { accountId }));
  const balances: Balances = { HC: 0, AMINA: 0 };
  for (const row of rows) balances[row.currency] = Number(row.balance);
  return balances;
}

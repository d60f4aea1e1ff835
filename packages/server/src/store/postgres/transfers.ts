/**
 * PostgreSQL transfers: every statement is a round trip (and a socket write) inside the open
 * transaction, so a transfer takes its guarded debits one by one (each must be seen to succeed)
 * and then posts every credit and the ledger rows in one statement.
 */
import type { Currency } from "@casino/protocol";
import { sql } from "kysely";
import { createTimeOrderedId } from "../../db/ids.ts";
import { prepareByShape, prepareQuery } from "../../db/prepared.ts";
import { type QueryBuilder, runWriteUnread, type Steps } from "../../db/steps.ts";
import {
  applyMovesSteps,
  assertBalanced,
  type BalanceChange,
  type Credit,
  debitIfCovered,
  entryRows,
  guardedDebits,
  isUnguarded,
  netCredits,
  orderMoves,
  recordTransactionSteps,
} from "../ledger-statements.ts";
import type { Move, TransferInput, TransferResult } from "../money-store.ts";

/**
 * The guarded debit as a statement nobody reads, failing (division by zero) when the balance does
 * not cover it or the row is missing, so its transaction cannot commit without it.
 */
const debitCoveredOrFailQuery = prepareQuery((q, p: BalanceChange) =>
  q
    .with("debited", (db) => debitIfCovered(db, p).returning("account_id"))
    .selectNoFrom(sql<number>`1 / (select count(*) from "debited")::integer`.as("covered")),
);

/** The values of a fused statement: credits, the transaction row and its entries, by slot name. */
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
 * The credits (one multi-row upsert, which locks its rows in the order given), the ledger
 * transaction and its entries, as common table expressions of one statement. Use it only after a
 * write in the same transaction (a debit, a nonce): the transaction then already has its
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

/** Credits, transaction and entries of a transfer in one statement, by shape. */
const creditAndRecordQuery = prepareByShape(
  (credits: number, entries: number) => (q: QueryBuilder, p: Record<string, unknown>) =>
    withCreditsAndRecord(q, p, credits, entries).selectFrom("recorded").select("recorded.id"),
);

/** The credits and the ledger rows of a transfer in one unread statement; returns the transaction id. */
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
 * Each guarded debit, then the credits and the ledger rows in one statement. A transfer without a
 * guarded debit (a grant, a payout from the house) keeps a statement per step, the ledger
 * transaction's row before its entries.
 */
export function* postTransferSteps(
  q: QueryBuilder,
  input: TransferInput,
  now: number,
): Steps<TransferResult> {
  assertBalanced(input.currency, input.moves);
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

/**
 * A transfer whose debits must be covered, as statements that read nothing back: they travel with
 * the next statement or the commit, and an uncovered debit fails the transaction.
 */
export function* postCoveredTransferSteps(q: QueryBuilder, input: TransferInput, now: number): Steps<void> {
  assertBalanced(input.currency, input.moves);
  const guarded = guardedDebits(input.moves);
  const credits = netCredits(input.moves);
  if (guarded.length === 0 || credits.length === 0) {
    const done = yield* postTransferSteps(q, input, now);
    if (!done.ok) throw new Error(`ledger: a covered transfer was refused: ${done.message}`);
    return;
  }
  for (const move of orderMoves(guarded)) {
    const change = { accountId: move.accountId, currency: input.currency, delta: -move.delta, now };
    yield* runWriteUnread(debitCoveredOrFailQuery(q, change));
  }
  yield* creditAndRecordSteps(q, input, credits, now);
}

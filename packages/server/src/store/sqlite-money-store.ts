/**
 * The money store on SQLite: a statement is a function call inside `BEGIN IMMEDIATE`, so every
 * operation is the plain sequence of its statements and nothing is fused or guessed; a paid
 * one-shot bet reads what it rests on once and writes only what it changes (sqlite-quick-bet.ts).
 */
import type { Failure } from "@casino/protocol";
import type { QueryBuilder, Steps } from "../db/steps.ts";
import { reserveNonceSteps } from "../fairness/seeds.ts";
import { admitStakeSteps } from "../responsible/hooks.ts";
import {
  applyMovesSteps,
  assertBalanced,
  balancesSteps,
  recordTransactionSteps,
} from "./ledger-statements.ts";
import type { MoneyStore, PlacedStake, StakeRequest, TransferInput, TransferResult } from "./money-store.ts";
import { countOneShotSteps, writeOneShotSteps } from "./one-shot-steps.ts";
import { roundRowOperations } from "./round-statements.ts";
import { playQuickBetSqlite } from "./sqlite-quick-bet.ts";

/** Applies the moves (guarded debits first) and appends the ledger rows. */
function* postTransferSteps(q: QueryBuilder, input: TransferInput, now: number): Steps<TransferResult> {
  assertBalanced(input.currency, input.moves);
  const applied = yield* applyMovesSteps(q, input.currency, input.moves, now);
  if (!applied.ok) return applied;
  return { ok: true, txId: yield* recordTransactionSteps(q, input, now) };
}

/** Admits the stake under the player's limits, debits it, then reserves the nonce: three statements. */
function* placeStakeSteps(
  q: QueryBuilder,
  request: StakeRequest,
  now: number,
): Steps<PlacedStake | Failure | undefined> {
  const { userId, currency, stake } = request;
  const ticket = yield* admitStakeSteps(q, userId, currency, stake, now);
  if (!ticket.ok) return ticket;
  const debit = yield* applyMovesSteps(
    q,
    currency,
    [{ accountId: userId, delta: -stake, reason: "bet" }],
    now,
  );
  if (!debit.ok) return undefined;
  return { ok: true, ticket, fair: yield* reserveNonceSteps(q, userId, now) };
}

/** The SQLite money store. */
export const sqliteMoneyStore: MoneyStore = {
  postTransfer: postTransferSteps,
  *postCoveredTransfer(q, input, now) {
    const done = yield* postTransferSteps(q, input, now);
    if (!done.ok) throw new Error(`ledger: a covered transfer was refused: ${done.message}`);
  },
  readBalances: balancesSteps,
  playQuickBet: playQuickBetSqlite,
  placeStake: placeStakeSteps,
  *settleOneShot(q, settlement, now) {
    yield* countOneShotSteps(q, settlement, now);
    return yield* writeOneShotSteps(q, settlement, now);
  },
  ...roundRowOperations,
};

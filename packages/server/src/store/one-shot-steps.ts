/**
 * A one-shot round's settlement in a statement per step, as SQLite runs it (and PostgreSQL when
 * there is nothing to fuse): the stake and payout counted under the player's limits, the round
 * row, the win credit, one ledger transaction (bet and win entries), the player's balances, and
 * the house's net change last, on the round's house sub-account, so that its row is locked only
 * just before commit.
 */
import { type QueryBuilder, runWrite, type Steps } from "../db/steps.ts";
import { creditPayoutSteps, settleStakeSteps } from "../responsible/hooks.ts";
import { applyMovesSteps, balancesSteps, recordTransactionSteps } from "./ledger-statements.ts";
import type { Balances, OneShotSettlement } from "./money-store.ts";
import { insertRoundQuery } from "./round-statements.ts";

/** Counts the round's stake (its ticket) or, for a prepaid round, only its payout under the player's limits. */
export function* countOneShotSteps(q: QueryBuilder, s: OneShotSettlement, now: number): Steps<void> {
  if (s.placed) yield* settleStakeSteps(q, s.placed.ticket, s.win, now);
  else yield* creditPayoutSteps(q, s.row.user_id, s.row.currency, s.win, now);
}

/** Stores the round and moves its money statement by statement; returns the player's balances. */
export function* writeOneShotSteps(q: QueryBuilder, s: OneShotSettlement, now: number): Steps<Balances> {
  const { row, moves, house, paid, win } = s;
  const userId = row.user_id;
  const currency = row.currency;
  yield* runWrite(insertRoundQuery(q, row));
  if (win > 0) yield* applyMovesSteps(q, currency, [{ accountId: userId, delta: win, reason: "win" }], now);
  if (paid > 0 || win > 0) {
    yield* recordTransactionSteps(q, { kind: "round", userId, roundId: row.id, currency, moves }, now);
  }
  const balances = yield* balancesSteps(q, userId);
  // The house's net change last, on the round's sub-account: its row is locked only just before commit.
  yield* applyMovesSteps(q, currency, [{ accountId: house, delta: paid - win, reason: "round" }], now);
  return balances;
}

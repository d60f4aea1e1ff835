/**
 * What the routes do, each in one transaction: read a player's limits, change them, start a
 * cool-off or self-exclusion. A player's row is created on the first change, with the totals of
 * the current periods counted from their round history and deposits, so a limit set mid-day
 * counts the day's earlier play.
 */
import type { Currency } from "@casino/protocol";
import type { LimitsAnswer, PutLimitsBody } from "@casino/protocol/schemas/responsible";
import { LIMIT_PERIODS } from "@casino/protocol/schemas/responsible";
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import { runInTransaction, runStepsIn } from "../db/transaction.ts";
import { forgetCachedSeed } from "../fairness/seed-cache.ts";
import { addMonths, changeLimits, excludeUntil } from "./changes.ts";
import { startOfPeriod } from "./periods.ts";
import { emptyState, parseState, type ResponsibleState, totalsKey } from "./state.ts";
import { insertStateSteps, lockStateSteps, responsibleDb, saveStateSteps } from "./store.ts";
import { describeState } from "./view.ts";

type Trx = Parameters<Parameters<typeof runInTransaction>[1]>[0];

/** The totals of the current periods from the player's rounds (stake minus payout) and deposits. */
async function countHistory(
  trx: Trx | DatabaseHandle["db"],
  userId: string,
  now: number,
): Promise<ResponsibleState> {
  const state = emptyState();
  for (const period of LIMIT_PERIODS) {
    const start = startOfPeriod(period, now);
    const rounds = await trx
      .selectFrom("game_rounds")
      .select(["currency", sql<number>`sum(bet_amount)`.as("wager"), sql<number>`sum(win_amount)`.as("won")])
      .where("user_id", "=", userId)
      .where("created_at", ">=", start)
      .groupBy("currency")
      .execute();
    const deposits = await trx
      .selectFrom("crypto_transactions")
      .select(["currency", sql<number>`sum(amount)`.as("amount")])
      .where("user_id", "=", userId)
      .where("type", "=", "deposit")
      .where("created_at", ">=", start)
      .groupBy("currency")
      .execute();
    const totals = (currency: Currency) => {
      const key = totalsKey(currency, period);
      state.totals[key] ??= { start, wager: 0, loss: 0, deposit: 0 };
      return state.totals[key];
    };
    for (const row of rounds) {
      totals(row.currency).wager = Number(row.wager);
      totals(row.currency).loss = Number(row.wager) - Number(row.won);
    }
    for (const row of deposits) totals(row.currency).deposit = Number(row.amount);
  }
  return state;
}

/** Locks the player's row, creating it (with the history's totals) on first use. */
async function lockOrCreate(trx: Trx, userId: string, now: number): Promise<ResponsibleState> {
  const locked = await runStepsIn(trx, (q) => lockStateSteps(q, userId, now));
  if (locked) return locked;
  const counted = await countHistory(trx, userId, now);
  await runStepsIn(trx, (q) => insertStateSteps(q, userId, counted, now));
  const created = await runStepsIn(trx, (q) => lockStateSteps(q, userId, now));
  if (!created) throw new Error(`responsible: row of ${userId} was not created`);
  return created;
}

/** Applies a change to the player's state in one transaction and answers the new view. */
function updateState(
  handle: DatabaseHandle,
  userId: string,
  now: number,
  change: (state: ResponsibleState) => ResponsibleState,
): Promise<LimitsAnswer> {
  return runInTransaction(handle, async (trx) => {
    const next = change(await lockOrCreate(trx, userId, now));
    await runStepsIn(trx, (q) => saveStateSteps(q, userId, next, now));
    return describeState(next, now);
  }).finally(() => {
    // This process's next bets of the player are checked against the new state, not drawn ahead.
    forgetCachedSeed(handle.db, userId);
  });
}

/**
 * GET /api/limits: the player's limits, session and exclusion. What each period has used is the
 * running sums the limits are enforced with; a player who set nothing has none stored yet, so the
 * same count the first limit would start from (their rounds and deposits) is shown instead of 0.
 */
export async function readLimits(handle: DatabaseHandle, userId: string, now: number): Promise<LimitsAnswer> {
  const row = await responsibleDb(handle.db)
    .selectFrom("responsible_gaming")
    .select("state")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return describeState(row ? parseState(row.state) : await countHistory(handle.db, userId, now), now);
}

/** PUT /api/limits. */
export function putLimits(handle: DatabaseHandle, userId: string, body: PutLimitsBody, now: number) {
  return updateState(handle, userId, now, (state) => changeLimits(state, body, now));
}

/** POST /api/cool-off: no bets, buy-ins or deposits for `hours`. */
export function startCoolOff(handle: DatabaseHandle, userId: string, hours: number, now: number) {
  return updateState(handle, userId, now, (state) =>
    excludeUntil(state, "cool_off", now + hours * 60 * 60 * 1000, now),
  );
}

/** POST /api/self-exclusion: no bets, buy-ins or deposits for `months` calendar months. */
export function startSelfExclusion(handle: DatabaseHandle, userId: string, months: number, now: number) {
  return updateState(handle, userId, now, (state) =>
    excludeUntil(state, "self_exclusion", addMonths(now, months), now),
  );
}

/** Starts an exclusion that a new identity inherits from its browser (recovery/browser.ts); a longer one stays. */
export function carryExclusion(
  handle: DatabaseHandle,
  userId: string,
  exclusion: { kind: "cool_off" | "self_exclusion"; until: number },
  now: number,
) {
  return updateState(handle, userId, now, (state) =>
    excludeUntil(state, exclusion.kind, exclusion.until, now),
  );
}

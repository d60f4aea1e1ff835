/**
 * A paid one-shot bet on SQLite in the fewest statements. Inside `BEGIN IMMEDIATE` this connection
 * is the only writer, so what one read returns stays true until commit: the player's active seed
 * and nonce, their responsible-gaming row, and their balances. A player the gate admits with no row
 * to count the stake in (no limit, no exclusion) whose balance covers the stake is decided on that
 * seed and nonce at once, and the bet then writes only what carries something: the nonce, one balance
 * change (stake less win), the round, its ledger transaction and entries, the house's net change.
 * Anyone else (a row to check, a missing seed, an uncovered stake, a rule that refuses) gets
 * undefined before anything is written and is played the ordinary way, which refuses or admits
 * exactly as before.
 */
import { sql } from "kysely";
import { ACTIVE_SEED } from "../db/literals.ts";
import { prepareQuery } from "../db/prepared.ts";
import { fetchFirst, type QueryBuilder, runWrite, type Steps } from "../db/steps.ts";
import { forgetCachedSeed } from "../fairness/seed-cache.ts";
import type { FairContext } from "../fairness/seeds.ts";
import { admitLockedStake } from "../responsible/hooks.ts";
import { applyMovesSteps, balanceSubquery, recordTransactionSteps } from "./ledger-statements.ts";
import type { Balances, QuickBet, SettledBet } from "./money-store.ts";
import { insertRoundQuery } from "./round-statements.ts";

/** The player's active seed, responsible-gaming row (if any) and both balances, in one read. */
const readBetQuery = prepareQuery((q, p: { userId: string }) =>
  q
    .selectFrom("fair_seeds")
    .select(["id", "server_seed", "server_seed_hash", "client_seed", "next_nonce"])
    .select([
      sql<string | null>`(select state from responsible_gaming where user_id = ${p.userId})`.as("limits"),
      balanceSubquery(p.userId, "HC").as("hc"),
      balanceSubquery(p.userId, "AMINA").as("amina"),
    ])
    .where("user_id", "=", p.userId)
    .where("is_active", "=", ACTIVE_SEED),
);

/** Advances the nonce the bet drew from (it is still the seed's next one: nothing else writes meanwhile). */
const advanceNonceQuery = prepareQuery((q, p: { seedId: string; nonce: number }) =>
  q
    .updateTable("fair_seeds")
    .set((eb) => ({ next_nonce: eb("next_nonce", "+", 1) }))
    .where("id", "=", p.seedId)
    .where("next_nonce", "=", p.nonce),
);

/** Moves the stake out and the win in with one change, under the same non-negative guard as every debit. */
const settleBalanceQuery = prepareQuery(
  (q, p: { accountId: string; currency: string; stake: number; win: number; now: number }) =>
    q
      .updateTable("balances")
      .set({ balance: sql<number>`balance - ${p.stake} + ${p.win}`, updated_at: p.now })
      .where("account_id", "=", p.accountId)
      .where("currency", "=", p.currency as "HC")
      .where("balance", ">=", p.stake),
);

/** Plays the bet in one read and the writes it needs; undefined (nothing written) when it must go the ordinary way. */
export function* playQuickBetSqlite(
  q: QueryBuilder,
  bet: QuickBet,
  now: number,
): Steps<SettledBet | undefined> {
  const { userId, currency, stake } = bet;
  const read = yield* fetchFirst(readBetQuery(q, { userId }));
  if (!read) return undefined;
  // The gate on the row just read: a refusal, or a stake to count in the row, is the ordinary bet's.
  const ticket = admitLockedStake(userId, currency, stake, read.limits, now);
  if (!ticket.ok || ticket.state !== undefined) return undefined;
  const balances: Balances = { HC: Number(read.hc ?? 0), AMINA: Number(read.amina ?? 0) };
  if (balances[currency] < stake) return undefined;
  const fair: FairContext = {
    seedId: read.id,
    serverSeed: read.server_seed,
    serverSeedHash: read.server_seed_hash,
    clientSeed: read.client_seed,
    nonce: Number(read.next_nonce),
  };
  const decided = bet.decide(fair);
  if (!decided) return undefined;
  const { row, moves, house, win } = decided;
  forgetCachedSeed(q, userId);
  if ((yield* runWrite(advanceNonceQuery(q, { seedId: fair.seedId, nonce: fair.nonce }))) !== 1)
    throw new Error(`rounds: the nonce of seed ${fair.seedId} moved during its bet`);
  const settled = { accountId: userId, currency, stake, win, now };
  if ((yield* runWrite(settleBalanceQuery(q, settled))) !== 1)
    throw new Error(`rounds: the covered stake of ${userId} was refused`);
  balances[currency] += win - stake;
  yield* runWrite(insertRoundQuery(q, row));
  yield* recordTransactionSteps(q, { kind: "round", userId, roundId: row.id, currency, moves }, now);
  if (stake !== win) {
    yield* applyMovesSteps(q, currency, [{ accountId: house, delta: stake - win, reason: "round" }], now);
  }
  return { row, balances };
}

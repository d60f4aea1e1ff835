/** House Coin grants a player can claim: the daily bonus (100 HC per 24 h) and the Demo Play refill (while HC < 1000). */
import { randomUUID } from "node:crypto";
import {
  DAILY_BONUS_HC,
  DAILY_BONUS_INTERVAL_MS,
  DEMO_GRANT_HC,
  failure,
  formatUnits,
} from "@casino/protocol";
import type { Kysely } from "kysely";
import type { UserSession } from "../auth/sessions.ts";
import type { Database } from "../db/schema.ts";
import { getBalances, grant } from "../ledger/ledger.ts";
import { ok, type Reply } from "../replies.ts";
import type { CasinoServices } from "../services.ts";
import { lockUser } from "./users.ts";

async function recordGrant(
  trx: Kysely<Database>,
  userId: string,
  type: "daily_bonus" | "demo_grant",
  amount: number,
  at: number,
) {
  await trx
    .insertInto("crypto_transactions")
    .values({
      id: randomUUID(),
      user_id: userId,
      type,
      currency: "HC",
      amount,
      txn_hash: null,
      status: "confirmed",
      created_at: at,
    })
    .execute();
}

/** Grants the daily bonus unless one was granted in the last 24 hours (409 with the next time). */
export async function claimDailyBonus(
  services: CasinoServices,
  trx: Kysely<Database>,
  session: UserSession,
): Promise<Reply> {
  const now = services.now();
  await lockUser(trx, services.handle.dialect, session.userId);
  const last = await trx
    .selectFrom("crypto_transactions")
    .select("created_at")
    .where("user_id", "=", session.userId)
    .where("type", "=", "daily_bonus")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (last && now - Number(last.created_at) < DAILY_BONUS_INTERVAL_MS) {
    const next = new Date(Number(last.created_at) + DAILY_BONUS_INTERVAL_MS).toISOString();
    return failure("bonus/too_soon", `Daily bonus already claimed, the next one is available at ${next}`);
  }
  const granted = await grant(services.handle, {
    userId: session.userId,
    currency: "HC",
    amount: DAILY_BONUS_HC,
    reason: "daily_bonus",
    trx,
  });
  await recordGrant(trx, session.userId, "daily_bonus", DAILY_BONUS_HC, now);
  return ok({
    success: true,
    amount: formatUnits(DAILY_BONUS_HC),
    houseBalance: formatUnits(granted.balances.HC),
    nextAvailableAt: new Date(now + DAILY_BONUS_INTERVAL_MS).toISOString(),
  });
}

/** Refills 1000 HC for demo play while the balance is below 1000 HC (409 otherwise). */
export async function claimDemoGrant(
  services: CasinoServices,
  trx: Kysely<Database>,
  session: UserSession,
): Promise<Reply> {
  await lockUser(trx, services.handle.dialect, session.userId);
  const balances = await getBalances(trx, session.userId);
  if (balances.HC >= DEMO_GRANT_HC) return failure("grant/not_needed");
  const granted = await grant(services.handle, {
    userId: session.userId,
    currency: "HC",
    amount: DEMO_GRANT_HC,
    reason: "demo_grant",
    trx,
  });
  await recordGrant(trx, session.userId, "demo_grant", DEMO_GRANT_HC, services.now());
  return ok({
    success: true,
    amount: formatUnits(DEMO_GRANT_HC),
    houseBalance: formatUnits(granted.balances.HC),
  });
}

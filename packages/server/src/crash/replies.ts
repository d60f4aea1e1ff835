/**
 * Supernova's answers, the same for REST and the room: a bet or cash-out with the balances after
 * it, amounts in coins and multipliers as numbers (2.5 = 2.50x), as the other games answer.
 */
import { type Currency, type Failure, failure, unitsToCoins } from "@casino/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { balanceFields } from "../games/replies.ts";
import type { Reply } from "../replies.ts";
import type { CrashReply } from "./engine.ts";
import type { CrashRuntime } from "./runtime.ts";

/** While a chain is still being made at first start. */
function notReady(): Failure {
  return failure("crash/starting");
}

/** A multiplier in hundredths as the number answers carry (250 -> 2.5). */
export function toMultiplier(hundredths: number | null): number | null {
  return hundredths === null ? null : hundredths / 100;
}

/** An engine reply as the answer body. */
function answerOf(reply: CrashReply, currency: Currency, number: number): Reply {
  if (!reply.ok) return reply;
  const { play, balances, round } = reply;
  return {
    ok: true,
    status: 200,
    body: {
      currency,
      roundNumber: number,
      betId: play.betId,
      betAmount: unitsToCoins(play.stake),
      autoCashOut: toMultiplier(play.autoCashOut),
      cashedOutAt: toMultiplier(play.cashedOutAt),
      winAmount: unitsToCoins(play.payout),
      status: round.status === "settled" ? "cashed_out" : "playing",
      ...balanceFields(balances),
    },
  };
}

/** Places a bet on the currency's round taking bets. */
export async function placeCrashBet(
  crash: CrashRuntime,
  userId: string,
  body: { betAmount: number; currency: Currency; autoCashOut?: number | undefined },
  trx?: Kysely<Database>,
): Promise<Reply> {
  const engine = crash.engine(body.currency);
  if (!engine) return notReady();
  const number = engine.number;
  const reply = await engine.placeBet(
    { userId, stake: body.betAmount, autoCashOut: body.autoCashOut ?? null },
    trx,
  );
  return answerOf(reply, body.currency, number);
}

/** Cashes the player out of the currency's flight at the server's multiplier now. */
export async function cashOutCrashBet(
  crash: CrashRuntime,
  userId: string,
  currency: Currency,
  trx?: Kysely<Database>,
): Promise<Reply> {
  const engine = crash.engine(currency);
  if (!engine) return notReady();
  const number = engine.number;
  return answerOf(await engine.cashOut(userId, trx), currency, number);
}

/**
 * Settling a play: its bet's round closed through the round service (a cash-out, a loss at the
 * crash), batched with the writes arriving with it, answered with the play and the balances after it. A settlement the round service
 * refuses (the bet is no longer open) is logged and answered as a refusal: nothing is paid twice.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { type Settle, settleCrashBet, settleCrashBetSteps } from "./bets.ts";
import { type CrashEngineOptions, type CrashReply, type Play, publicPlay } from "./engine-types.ts";
import { failureOf } from "./failures.ts";
import type { CrashWriteBatch } from "./write-batch.ts";

/**
 * Writes the settlement `how` of a play of round `round`: in `trx` when given (an idempotent
 * request's transaction), else in the next batch of `writes`.
 */
export async function settlePlay(
  options: CrashEngineOptions,
  writes: CrashWriteBatch,
  round: number,
  play: Play,
  how: Settle,
  trx?: Kysely<Database>,
): Promise<CrashReply> {
  const result = trx
    ? await settleCrashBet(options.handle, play.userId, round, how, trx)
    : await writes.write((q) => settleCrashBetSteps(q, play.userId, round, how));
  play.status = "done";
  if (!result.ok) {
    options.log?.(`crash settlement of ${play.betId} refused: ${result.code}`, undefined);
    return failureOf(result.code, result.message);
  }
  if (!trx) options.observe?.(result.round);
  return { ok: true, play: publicPlay(play), balances: result.balances, round: result.round };
}

/**
 * Settling a play: its bet's round closed through the round service (a cash-out, a loss at the
 * crash), batched with the writes arriving with it, answered with the play and the balances after
 * it. A settlement the round service refuses (the bet is no longer open) is logged and answered as
 * a refusal: nothing is paid twice. The losses at the crash are settled in bulk statements of a
 * batch each (bets.ts), so the cash-outs answered just before the crash are not stuck behind them.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { type Settle, settleCrashBet, settleCrashBetSteps, settleLostBetsSteps } from "./bets.ts";
import { type CrashEngineOptions, type CrashReply, type Play, publicPlay } from "./engine-types.ts";
import { failureOf } from "./failures.ts";
import { type CrashWriteBatch, MAX_BATCH_WRITES } from "./write-batch.ts";

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

/**
 * Settles the plays still in when flight `round` crashed at `crashPoint` as lost: one bulk
 * statement per batch of MAX_BATCH_WRITES bets, each batch a transaction of its own (the event loop
 * runs between them). Resolves when all are written.
 */
export async function settleLosses(
  options: CrashEngineOptions,
  writes: CrashWriteBatch,
  round: number,
  plays: readonly Play[],
  crashPoint: number,
): Promise<void> {
  const written: Promise<void>[] = [];
  for (let from = 0; from < plays.length; from += MAX_BATCH_WRITES) {
    const chunk = plays.slice(from, from + MAX_BATCH_WRITES);
    for (const play of chunk) play.status = "done";
    const betIds = chunk.map((play) => play.betId);
    const settled = writes
      .write((q) => settleLostBetsSteps(q, betIds, round, crashPoint), chunk.length)
      .then((result) => {
        if (!result.ok) {
          options.log?.(`crash losses of round ${round} refused: ${result.code}`, undefined);
          return;
        }
        if (result.rounds.length < chunk.length)
          options.log?.(
            `crash round ${round}: ${chunk.length - result.rounds.length} losses were no longer open`,
            undefined,
          );
        for (const settledRound of result.rounds) options.observe?.(settledRound);
      });
    written.push(settled);
  }
  await Promise.all(written);
}

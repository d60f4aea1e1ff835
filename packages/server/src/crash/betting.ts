/**
 * The betting phase: the next round's row (the next hash of the chain, its crash point, betting
 * open under the host's lease epoch) and a player's bet written through the maintenance switch,
 * the responsible-gaming gate and the ledger (bets.ts), batched with the bets arriving with it.
 */
import type { Failure } from "@casino/protocol";
import { crashPointOf } from "@casino/protocol/games/crash/crash-point";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { RoundResult } from "../rounds/types.ts";
import { openCrashBet, openCrashBetSteps } from "./bets.ts";
import { roundHashOf } from "./chain-store.ts";
import { CRASH_BETTING_MS, type CrashEngineOptions } from "./engine-types.ts";
import { crashFailure, failureOf } from "./failures.ts";
import { crashDb } from "./tables.ts";
import type { CrashWriteBatch } from "./write-batch.ts";

/** A round whose betting is open. */
export interface OpenedRound {
  number: number;
  hash: string;
  crashPoint: number;
  /** When the flight starts. */
  startsAt: number;
}

/** Inserts the next round of the chain, betting open until `now` plus the betting phase. */
export async function insertNextRound(
  options: CrashEngineOptions,
  epoch: number,
  now: number,
): Promise<OpenedRound> {
  const { handle, currency, chain } = options;
  const db = crashDb(handle.db);
  const last = await db
    .selectFrom("crash_rounds")
    .select((eb) => eb.fn.max("number").as("last"))
    .where("currency", "=", currency)
    .executeTakeFirst();
  const number = Number(last?.last ?? 0) + 1;
  if (number > chain.length) throw new Error(`crash chain of ${currency} is used up`);
  const hash = await roundHashOf(handle, currency, number);
  const startsAt = now + (options.bettingMs ?? CRASH_BETTING_MS);
  await db
    .insertInto("crash_rounds")
    .values({
      currency,
      number,
      status: "betting",
      starts_at: startsAt,
      started_at: null,
      ended_at: null,
      crash_point: null,
      end_point: null,
      hash: null,
      host_epoch: epoch,
      created_at: now,
    })
    .execute();
  return { number, hash, crashPoint: crashPointOf(hash, chain.salt), startsAt };
}

/** A bet to write on round `round`. */
export interface BetToWrite {
  userId: string;
  stake: number;
  autoCashOut: number | null;
  round: number;
}

/**
 * Writes a bet: in `trx` when given (an idempotent request's transaction), else in the next batch
 * of `writes`. Answers the player's shown name and the opened round, or the refusal.
 */
export async function writeBet(
  options: CrashEngineOptions,
  writes: CrashWriteBatch,
  bet: BetToWrite,
  trx?: Kysely<Database>,
): Promise<{ ok: true; username: string; result: RoundResult & { ok: true } } | Failure> {
  if (await options.isPaused?.(trx)) return crashFailure("casino/maintenance");
  const username = (await options.usernameOf?.(bet.userId, trx)) ?? bet.userId.slice(-8);
  const crashBet = { ...bet, currency: options.currency };
  const result = trx
    ? await openCrashBet(options.handle, crashBet, trx)
    : await writes.write((q) => openCrashBetSteps(q, crashBet));
  if (!result.ok) return failureOf(result.code, result.message);
  return { ok: true, username, result };
}

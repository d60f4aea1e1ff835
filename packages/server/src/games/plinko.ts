/**
 * Quantum Plinko: the server drops the ball (its path decides the slot; a client slot index never
 * reaches here) and at most 5 balls per player are in flight, counted from each accepted bet.
 */
import { dropPlinko, type PlinkoOutcome } from "@casino/protocol";
import type { PlinkoBody } from "@casino/protocol/schemas/game-bodies";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { playRound } from "../rounds/rounds.ts";
import { failureFromCode, gameFailure } from "./failures.ts";
import { streamOf } from "./fair-stream.ts";
import {
  answer,
  balanceFields,
  type GameReply,
  type Player,
  reportPlayer,
  roundInfo,
  toCoins,
} from "./replies.ts";
import { type GameRuntime, isBettingPaused } from "./runtime.ts";

/** What a drop needs; `claimedSlot` is a client's own slot index, reported when it differs, never paid. */
export type PlinkoRequest = Pick<PlinkoBody, "betAmount" | "currency" | "risk"> & { claimedSlot?: unknown };

/** Drops one ball; refused while 5 of the player's balls are still falling. */
export async function playPlinko(
  runtime: GameRuntime,
  player: Player,
  request: PlinkoRequest,
  trx?: Kysely<Database>,
): Promise<GameReply> {
  if (await isBettingPaused(runtime, trx)) return gameFailure("casino/maintenance");
  const launch = await runtime.flights.launch(player.userId);
  if (!launch) return gameFailure("plinko/too_many_balls");
  const { betAmount: stake, currency, risk } = request;
  let outcome: PlinkoOutcome | undefined;
  let result: Awaited<ReturnType<typeof playRound>>;
  try {
    result = await playRound(runtime.services.handle, {
      userId: player.userId,
      gameType: "plinko",
      currency,
      stake,
      input: { game: "plinko", stake, risk },
      decide: (fair) => {
        outcome = dropPlinko(stake, risk, streamOf(fair));
        return { win: outcome.win, outcome };
      },
      ...(trx ? { trx } : {}),
    });
  } catch (error) {
    launch.cancel();
    throw error;
  }
  if (!result.ok) {
    launch.cancel();
    return failureFromCode(result.code, result.message);
  }
  const dropped = outcome as PlinkoOutcome;
  if (request.claimedSlot !== undefined && request.claimedSlot !== dropped.slot) {
    reportPlayer(runtime.services, player, {
      type: "forged_outcome",
      severity: "low",
      details: `client claimed plinko slot ${JSON.stringify(request.claimedSlot).slice(0, 40)}; the server's ball landed in slot ${dropped.slot}`,
      rule: "plinko/server_decides_path",
    });
  }
  return answer({
    isWin: dropped.isWin,
    winAmount: toCoins(dropped.win),
    multiplier: dropped.multiplier,
    path: dropped.slot,
    slotIndex: dropped.slot,
    directions: dropped.path,
    risk,
    betAmount: toCoins(stake),
    currency,
    ballsInFlight: await runtime.flights.inFlight(player.userId),
    round: roundInfo(result.round),
    ...balanceFields(result.balances),
  });
}

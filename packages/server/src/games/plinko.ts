/**
 * Quantum Plinko: the server drops the ball (its path decides the slot; a client slot index never
 * reaches here) and at most 5 balls per player are in flight, counted from each accepted bet.
 */
import { dropPlinko, type FloatStream, type PlinkoResult } from "@casino/protocol";
import type { PlinkoBody } from "@casino/protocol/schemas/game-bodies";
import { gameFailure } from "./failures.ts";
import { type GameHandler, whileBettingOpen } from "./handler.ts";
import { playOneStep } from "./one-step.ts";
import { type Accepted, answer, balanceFields, reportPlayer, roundInfo, toCoins } from "./replies.ts";

/** What a drop needs; `claimedSlot` is a client's own slot index, reported when it differs, never paid. */
export type PlinkoRequest = Pick<PlinkoBody, "betAmount" | "currency" | "risk"> & { claimedSlot?: unknown };

/** Drops one ball; refused while 5 of the player's balls are still falling. */
export const playPlinko: GameHandler<PlinkoRequest> = whileBettingOpen(
  async (runtime, player, request, trx) => {
    const launch = await runtime.flights.launch(player.userId);
    if (!launch) return gameFailure("plinko/too_many_balls");
    const { betAmount: stake, currency, risk } = request;
    const input = { game: "plinko" as const, stake, risk };
    const draw = (stream: FloatStream) => dropPlinko(stake, risk, stream);
    const played = await playOneStep(runtime, { userId: player.userId, currency, input, draw }, trx).catch(
      (error: unknown) => {
        launch.cancel();
        throw error;
      },
    );
    if (!played.ok) {
      launch.cancel();
      return played;
    }
    const dropped = played.outcome;
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
      round: roundInfo(played.round),
      ...balanceFields(played.balances),
    } satisfies Accepted<PlinkoResult>);
  },
);

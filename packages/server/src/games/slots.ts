/**
 * Cosmic Chaos spins, free spins and the bought bonus. The server holds a bonus's free spins
 * (per player and currency, one bonus at a time): `isFreeSpins` plays one only while the server
 * holds it, at the bonus's own bet and multiplier, as a zero-stake round with its own nonce. A
 * paid spin or a purchase waits until the held spins are used.
 */

import type { Failure } from "@casino/protocol";
import {
  BUY_BONUS_COST_MULTIPLIER,
  buyBonusOutcome,
  type FloatStream,
  FREE_SPIN_MULTIPLIER,
  FREE_SPINS_AWARDED,
  playFreeSpin,
  type SlotsBonusResult,
  type SlotsOutcome,
  type SlotsSpinResult,
  spinSlots,
} from "@casino/protocol";
import type { SlotsSpinBody } from "@casino/protocol/schemas/game-bodies";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { QueryBuilder } from "../db/steps.ts";
import type { Balances } from "../ledger/ledger.ts";
import { playRoundSteps } from "../rounds/rounds.ts";
import type { RoundRecord } from "../rounds/types.ts";
import { failureFromCode, gameFailure } from "./failures.ts";
import {
  awardFreeSpinsSteps,
  type HeldFreeSpins,
  heldFreeSpinsSteps,
  recordFreeSpinWinSteps,
  takeFreeSpinSteps,
} from "./free-spins.ts";
import { type GameHandler, whileBettingOpen } from "./handler.ts";
import { playOneStepSteps } from "./one-step.ts";
import {
  type Accepted,
  answer,
  balanceFields,
  type GameReply,
  type Player,
  reportPlayer,
  roundInfo,
  toCoins,
} from "./replies.ts";
import { type GameRuntime, isBettingPaused } from "./runtime.ts";
import { runGameSteps } from "./steps.ts";

/** What a spin needs. */
export type SlotsSpinRequest = Pick<SlotsSpinBody, "betAmount" | "currency" | "isFreeSpins">;

/** What a purchase needs. */
export type SlotsBuyRequest = Pick<SlotsSpinBody, "betAmount" | "currency">;

/** A played round with its outcome and the bonus held after it. */
interface Played {
  ok: true;
  round: RoundRecord;
  balances: Balances;
  outcome: SlotsOutcome;
  stake: number; // the bet the spin played at (a free spin's is the bonus's bet)
  held: HeldFreeSpins | undefined;
}

/** A settled spin with what it played at and the bonus it leaves held. */
function playedSpin(
  result: { round: RoundRecord; balances: Balances },
  outcome: SlotsOutcome,
  stake: number,
  held: HeldFreeSpins | undefined,
): Played {
  return { ok: true, round: result.round, balances: result.balances, outcome, stake, held };
}

/** The bonus fields every slots answer carries. */
function bonusFields(held: HeldFreeSpins | undefined) {
  return {
    freeSpinsLeft: held?.remaining ?? 0,
    freeSpinMultiplier: held?.multiplier ?? 1,
    freeSpinBetAmount: held ? toCoins(held.betAmount) : null,
  };
}

/** The SPEC.md spin response plus the round, bonus state and balances. */
function spinBody(played: Played): Accepted<SlotsSpinResult> {
  const { outcome, round } = played;
  return {
    grid: outcome.grid,
    winAmount: toCoins(outcome.win),
    clusters: outcome.clusters,
    isWin: outcome.isWin,
    bonusTriggered: outcome.bonusTriggered,
    bonusSpinsAwarded: outcome.bonusSpinsAwarded,
    clusterWins: outcome.clusterWins,
    multiplier: outcome.multiplier,
    isFreeSpin: outcome.isFreeSpin,
    capped: outcome.capped,
    betAmount: toCoins(played.stake),
    currency: round.currency,
    message: outcome.isWin ? "You win!" : "No win this time!",
    ...bonusFields(played.held),
    round: roundInfo(round),
    ...balanceFields(played.balances),
  };
}

/** A paid spin: refused while the player still holds free spins in that currency. */
function* paidSpinSteps(q: QueryBuilder, userId: string, request: SlotsBuyRequest) {
  const { betAmount: stake, currency } = request;
  if (yield* heldFreeSpinsSteps(q, userId, currency)) return gameFailure("slots/free_spins_pending");
  const input = { game: "slots" as const, stake };
  const draw = (stream: FloatStream) => spinSlots(stake, stream);
  const played = yield* playOneStepSteps(q, { userId, currency, input, draw });
  if (!played.ok) return played;
  const spun = played.outcome;
  const award = {
    currency,
    spins: spun.bonusSpinsAwarded,
    multiplier: FREE_SPIN_MULTIPLIER,
    betAmount: stake,
  };
  const held = spun.bonusTriggered ? yield* awardFreeSpinsSteps(q, userId, award, Date.now()) : undefined;
  return playedSpin(played, spun, stake, held);
}

/** A free spin of the held bonus: zero stake, the bonus's bet and multiplier, its own nonce. */
function* freeSpinSteps(q: QueryBuilder, userId: string, request: SlotsBuyRequest) {
  const now = Date.now();
  const before = yield* takeFreeSpinSteps(q, userId, request.currency, now);
  if (!before) return gameFailure("slots/no_free_spins");
  const input = {
    game: "slots" as const,
    stake: before.betAmount,
    freeSpin: { multiplier: before.multiplier, bonusWonBefore: before.won },
  };
  const draw = (stream: FloatStream) => playFreeSpin(before.betAmount, before.multiplier, before.won, stream);
  const played = yield* playOneStepSteps(q, {
    userId,
    currency: request.currency,
    input,
    prepaid: true,
    draw,
  });
  if (!played.ok) return played;
  const held = yield* recordFreeSpinWinSteps(q, userId, before, played.outcome.win, now);
  return playedSpin(played, played.outcome, before.betAmount, held);
}

/** Spins the reels: a paid spin, or with `isFreeSpins` one of the free spins the server holds. */
export async function spinSlotsFor(
  runtime: GameRuntime,
  player: Player,
  request: SlotsSpinRequest,
  trx?: Kysely<Database>,
): Promise<GameReply> {
  const free = request.isFreeSpins === true;
  if (!free && (await isBettingPaused(runtime, trx))) return gameFailure("casino/maintenance");
  const played: Played | Failure = await runGameSteps(runtime, trx, (q) =>
    free ? freeSpinSteps(q, player.userId, request) : paidSpinSteps(q, player.userId, request),
  );
  if (!played.ok) {
    if (played.code === "slots/no_free_spins") {
      reportPlayer(runtime.services, player, {
        type: "forged_free_spin",
        severity: "medium",
        details: `free spin asked in ${request.currency} without free spins held by the server`,
        rule: played.code,
      });
    }
    return played;
  }
  runtime.observeRound(played.round, trx === undefined);
  return answer(spinBody(played));
}

/** Buys the bonus: 100x the bet for 10 free spins at multiplier 3, played at that bet. */
export const buySlotsBonus: GameHandler<SlotsBuyRequest> = whileBettingOpen(
  async (runtime, player, request, trx) => {
    const { betAmount, currency } = request;
    const price = betAmount * BUY_BONUS_COST_MULTIPLIER;
    const bought = await runGameSteps(runtime, trx, function* (q) {
      if (yield* heldFreeSpinsSteps(q, player.userId, currency))
        return gameFailure("slots/free_spins_pending");
      const result = yield* playRoundSteps(q, {
        userId: player.userId,
        gameType: "slots",
        currency,
        stake: price,
        input: { game: "slots", stake: betAmount, bonusBuy: true },
        decide: () => ({ win: 0, outcome: buyBonusOutcome() }),
      });
      if (!result.ok) {
        if (result.code === "bet/insufficient_balance") return gameFailure("slots/insufficient_for_bonus");
        return failureFromCode(result.code, result.message);
      }
      const award = { currency, spins: FREE_SPINS_AWARDED, multiplier: FREE_SPIN_MULTIPLIER, betAmount };
      const held = yield* awardFreeSpinsSteps(q, player.userId, award, Date.now());
      return { ok: true as const, round: result.round, balances: result.balances, held };
    });
    if (!bought.ok) return bought;
    runtime.observeRound(bought.round, trx === undefined);
    return answer({
      success: true,
      price: toCoins(price),
      freeSpins: FREE_SPINS_AWARDED,
      betAmount: toCoins(betAmount),
      currency,
      ...bonusFields(bought.held),
      round: roundInfo(bought.round),
      ...balanceFields(bought.balances),
    } satisfies Accepted<SlotsBonusResult>);
  },
);

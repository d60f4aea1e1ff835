/**
 * Simulation runners: play many rounds of one game with the real rule functions, on a fast seeded
 * float source, and collect RTP statistics. Used by `pnpm sim` (across worker threads) and by the
 * CI-sized RTP tests.
 */
import type { FloatStream } from "../../fair/stream.ts";
import {
  applyBlackjackAction,
  type BlackjackAction,
  type BlackjackState,
  startBlackjack,
} from "../blackjack/blackjack.ts";
import { handTotal } from "../blackjack/hand.ts";
import { optimalBlackjackAction } from "../blackjack/strategy.ts";
import { type DiceBetType, rollDice } from "../dice/dice.ts";
import type { SinglePlayerGame } from "../game-types.ts";
import { cashOutHilo, guessHilo, type HiloState, hiloQuote, startHilo } from "../hilo/hilo.ts";
import { dropPlinko, type PlinkoRisk } from "../plinko/plinko.ts";
import { isBonusCapReached, playFreeSpin, spinSlots } from "../slots/slots.ts";
import { BUY_BONUS_COST_MULTIPLIER, FREE_SPIN_MULTIPLIER, FREE_SPINS_AWARDED } from "../slots/symbols.ts";
import { createSeededStream } from "./seeded-stream.ts";
import { createRtpStats, type RtpStats, recordRound } from "./stats.ts";

/** Blackjack strategies: optimal play from the exact values, or the dealer's own rule (hit below 17). */
export const BLACKJACK_STRATEGIES = ["optimal", "mimic-dealer"] as const;
export type BlackjackStrategy = (typeof BLACKJACK_STRATEGIES)[number];

/** What to simulate. */
export type SimulationConfig =
  | { game: "dice"; betType: DiceBetType }
  | { game: "plinko"; risk: PlinkoRisk }
  | { game: "blackjack"; strategy: BlackjackStrategy }
  | { game: "hilo"; cashOutAfter: number } // always the likelier side, cash out after N right guesses
  | { game: "slots"; bonusBuy: boolean };

/** The stake every simulated round uses: 1 HC, so payouts never round. */
export const SIM_STAKE = 1_000_000;

/** Plays one round and records it; returns nothing, the stats carry the result. */
type RoundPlayer = (stream: FloatStream, stats: RtpStats) => void;

/** Picks a blackjack action by strategy. */
function chooseBlackjackAction(state: BlackjackState, strategy: BlackjackStrategy): BlackjackAction {
  if (strategy === "optimal") return optimalBlackjackAction(state);
  const hand = state.hands[state.activeHand]!;
  return handTotal(hand.cards).total < 17 ? "hit" : "stand";
}

/** Plays a hi-lo round: the likelier side each time, cash out after `cashOutAfter` right guesses. */
function playHilo(stream: FloatStream, cashOutAfter: number): HiloState {
  let state = startHilo(SIM_STAKE, stream);
  while (state.status === "active") {
    const quote = hiloQuote(state);
    if (state.streak >= cashOutAfter || (!quote.higher && !quote.lower)) {
      const cashed = cashOutHilo(state);
      if ("error" in cashed) throw new Error(cashed.error);
      return cashed.state;
    }
    const guess = (quote.higher?.probability ?? 0) >= (quote.lower?.probability ?? 0) ? "higher" : "lower";
    const step = guessHilo(state, guess, stream);
    if ("error" in step) throw new Error(step.error);
    state = step.state;
  }
  return state;
}

/** Plays a whole bonus of free spins and returns its total win. */
function playBonus(stream: FloatStream): number {
  let won = 0;
  for (let spin = 0; spin < FREE_SPINS_AWARDED && !isBonusCapReached(SIM_STAKE, won); spin++) {
    won += playFreeSpin(SIM_STAKE, FREE_SPIN_MULTIPLIER, won, stream).win;
  }
  return won;
}

/** The round player of a configuration. */
function roundPlayer(config: SimulationConfig): RoundPlayer {
  switch (config.game) {
    case "dice":
      return (stream, stats) =>
        recordRound(stats, 1, rollDice(SIM_STAKE, config.betType, stream).win / SIM_STAKE);
    case "plinko":
      return (stream, stats) => {
        const drop = dropPlinko(SIM_STAKE, config.risk, stream);
        recordRound(stats, 1, drop.win / SIM_STAKE, drop.isWin);
      };
    case "blackjack":
      // Returns per original bet: extra stakes of doubles and splits count against the return.
      return (stream, stats) => {
        let state = startBlackjack(SIM_STAKE, stream);
        while (state.phase === "player") {
          const step = applyBlackjackAction(state, chooseBlackjackAction(state, config.strategy), stream);
          if ("error" in step) throw new Error(step.error);
          state = step.state;
        }
        const net = state.totalWin - state.totalStake;
        recordRound(stats, 1, 1 + net / SIM_STAKE, net > 0);
      };
    case "hilo":
      return (stream, stats) => recordRound(stats, 1, playHilo(stream, config.cashOutAfter).win / SIM_STAKE);
    case "slots":
      if (config.bonusBuy) {
        return (stream, stats) =>
          recordRound(stats, BUY_BONUS_COST_MULTIPLIER, playBonus(stream) / SIM_STAKE);
      }
      return (stream, stats) => {
        const spin = spinSlots(SIM_STAKE, stream);
        const bonus = spin.bonusTriggered ? playBonus(stream) : 0;
        recordRound(stats, 1, (spin.win + bonus) / SIM_STAKE);
      };
  }
}

/** Plays `rounds` rounds from a seed, reporting progress every `progressEvery` rounds. */
export function simulateRounds(
  config: SimulationConfig,
  rounds: number,
  seed: number,
  onProgress?: (done: number) => void,
  progressEvery = 1 << 16,
): RtpStats {
  const stats = createRtpStats();
  const stream = createSeededStream(seed);
  const play = roundPlayer(config);
  for (let done = 1; done <= rounds; done++) {
    play(stream, stats);
    if (onProgress && done % progressEvery === 0) onProgress(done);
  }
  onProgress?.(rounds);
  return stats;
}

/** Games the simulator knows, for the command line. */
export const SIMULATED_GAMES: readonly SinglePlayerGame[] = ["slots", "plinko", "blackjack", "hilo", "dice"];

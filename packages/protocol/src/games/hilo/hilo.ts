/**
 * Cosmic Hi-Lo: a fresh card per draw from an unlimited deck, ranks A=1 .. K=13, ties lose. After k
 * correct guesses the multiplier is 0.975 x the product of 1/p_i, rounded down to 4 decimals, with
 * p_i the chance the i-th guess was right, so every cash-out strategy returns 97.5% (the edge is
 * taken once, not per step). Computed exactly in integers: floor(9750 x 13^k / product of n_i) / 10^4,
 * where n_i is how many of the 13 ranks won the i-th guess.
 */
import { type CardIndex, cardFromFloat, rankIndexOf, suitIndexOf } from "../../fair/cards.ts";
import type { FloatStream } from "../../fair/stream.ts";
import { payout } from "../../money/money.ts";

/** The two guesses. */
export const HILO_GUESSES = ["higher", "lower"] as const;
export type HiloGuess = (typeof HILO_GUESSES)[number];

/** Return to player of any strategy (before the 4-decimal rounding of the multiplier). */
export const HILO_RTP = 0.975;

/** Decimals the multiplier keeps (it is rounded down to them). */
export const HILO_MULTIPLIER_DECIMALS = 4;

/**
 * Guessing stops once the multiplier reaches this, and the player can only cash out: it keeps every
 * payout a safe integer. It does not change the RTP, which holds for any cash-out point.
 */
export const HILO_MAX_MULTIPLIER = 1_000_000;

/** Card values and suit symbols as SPEC.md section 3 sends Hi-Lo cards. */
export const HILO_VALUES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] as const;
export const HILO_SUITS = ["♦", "♥", "♠", "♣"] as const;

/** A Hi-Lo card on the wire. */
export interface HiloCard {
  suit: (typeof HILO_SUITS)[number];
  value: (typeof HILO_VALUES)[number];
}

/** A round of Hi-Lo, plain JSON so the server can store and resume it. */
export interface HiloState {
  stake: number;
  cards: CardIndex[]; // the first card, then every card drawn after a guess
  guesses: HiloGuess[];
  streak: number; // correct guesses so far
  status: "active" | "lost" | "cashed_out";
  win: number; // gross credit once cashed out, micro-units
  position: number; // floats read from the round's stream so far
}

/** Expected failures, as namespaced codes. */
export type HiloError =
  | "hilo/round_over"
  | "hilo/impossible_guess"
  | "hilo/max_multiplier"
  | "hilo/no_streak";

/** What a guess would pay if it comes true. */
export interface HiloOption {
  probability: number;
  multiplier: number;
}

/** What the screen shows before each guess. */
export interface HiloQuote {
  streak: number;
  multiplier: number; // current cash-out multiplier (0 before the first correct guess)
  potentialWin: number; // micro-units a cash-out pays now
  higher: HiloOption | null; // null when the guess cannot win
  lower: HiloOption | null;
}

/** Hi-Lo rank of a card: A = 1, 2..10, J = 11, Q = 12, K = 13. */
export function hiloRank(card: CardIndex): number {
  const rank = rankIndexOf(card);
  return rank === 12 ? 1 : rank + 2;
}

/** A card as SPEC.md's Hi-Lo card (suit symbol and value). */
export function hiloCard(card: CardIndex): HiloCard {
  return { suit: HILO_SUITS[suitIndexOf(card)]!, value: HILO_VALUES[hiloRank(card) - 1]! };
}

/** How many of the 13 ranks make a guess win from a rank (strictly higher or strictly lower). */
export function winningRanks(rank: number, guess: HiloGuess): number {
  return guess === "higher" ? 13 - rank : rank - 1;
}

/** Multiplier in 1/10^4 units after correct guesses whose winning-rank counts are given. */
function multiplierUnits(counts: readonly number[]): bigint {
  let numerator = 9750n;
  let denominator = 1n;
  for (const count of counts) {
    numerator *= 13n;
    denominator *= BigInt(count);
  }
  return counts.length === 0 ? 0n : numerator / denominator;
}

/** The winning-rank counts of the correct guesses of a round, in order. */
function correctCounts(state: HiloState): number[] {
  return state.guesses
    .slice(0, state.streak)
    .map((guess, i) => winningRanks(hiloRank(state.cards[i]!), guess));
}

/** The cash-out multiplier after the round's correct guesses (0 with none). */
export function hiloMultiplier(state: HiloState): number {
  return Number(multiplierUnits(correctCounts(state))) / 10 ** HILO_MULTIPLIER_DECIMALS;
}

/** What HIGHER and LOWER would pay now, the streak and the potential win. */
export function hiloQuote(state: HiloState): HiloQuote {
  const counts = correctCounts(state);
  const multiplier = Number(multiplierUnits(counts)) / 10 ** HILO_MULTIPLIER_DECIMALS;
  const rank = hiloRank(state.cards[state.cards.length - 1]!);
  const option = (guess: HiloGuess): HiloOption | null => {
    const count = winningRanks(rank, guess);
    if (state.status !== "active" || count === 0 || multiplier >= HILO_MAX_MULTIPLIER) return null;
    return { probability: count / 13, multiplier: Number(multiplierUnits([...counts, count])) / 10 ** 4 };
  };
  return {
    streak: state.streak,
    multiplier,
    potentialWin: multiplier > 0 ? payout(state.stake, multiplier) : 0,
    higher: option("higher"),
    lower: option("lower"),
  };
}

/** Opens a round: the stake is taken and the first card is drawn. */
export function startHilo(stake: number, stream: FloatStream): HiloState {
  const card = cardFromFloat(stream.next());
  return {
    stake,
    cards: [card],
    guesses: [],
    streak: 0,
    status: "active",
    win: 0,
    position: stream.position,
  };
}

/** Draws the next card and judges the guess: strictly higher or lower wins, a tie or the other side loses. */
export function guessHilo(
  state: HiloState,
  guess: HiloGuess,
  stream: FloatStream,
): { state: HiloState } | { error: HiloError } {
  if (state.status !== "active") return { error: "hilo/round_over" };
  const current = hiloRank(state.cards[state.cards.length - 1]!);
  if (winningRanks(current, guess) === 0) return { error: "hilo/impossible_guess" };
  if (hiloMultiplier(state) >= HILO_MAX_MULTIPLIER) return { error: "hilo/max_multiplier" };
  if (stream.position !== state.position) {
    throw new Error(`hilo stream at ${stream.position}, round state at ${state.position}`);
  }
  const card = cardFromFloat(stream.next());
  const next = hiloRank(card);
  const correct = guess === "higher" ? next > current : next < current;
  return {
    state: {
      ...state,
      cards: [...state.cards, card],
      guesses: [...state.guesses, guess],
      streak: correct ? state.streak + 1 : state.streak,
      status: correct ? "active" : "lost",
      position: stream.position,
    },
  };
}

/** Cashes out at the current multiplier; only with at least one correct guess. */
export function cashOutHilo(state: HiloState): { state: HiloState } | { error: HiloError } {
  if (state.status !== "active") return { error: "hilo/round_over" };
  if (state.streak === 0) return { error: "hilo/no_streak" };
  return { state: { ...state, status: "cashed_out", win: payout(state.stake, hiloMultiplier(state)) } };
}

/**
 * Settles a round its player abandoned (the server's timeout): a cash-out after a correct guess;
 * before any guess, the game's return (0.975 x stake), which is what any first guess is worth on
 * average, so leaving a bad first card is never better than playing it.
 */
export function settleAbandonedHilo(state: HiloState): { state: HiloState } | { error: HiloError } {
  if (state.status !== "active") return { error: "hilo/round_over" };
  if (state.streak > 0) return cashOutHilo(state);
  return { state: { ...state, status: "cashed_out", win: payout(state.stake, HILO_RTP) } };
}

/** Replays a round's recorded moves (guesses, then a cash-out or the timeout's settlement) on one stream. */
export function replayHilo(
  stake: number,
  moves: readonly (HiloGuess | "cashout" | "abandon")[],
  stream: FloatStream,
): { state: HiloState } | { error: HiloError } {
  let state = startHilo(stake, stream);
  for (const move of moves) {
    const step =
      move === "cashout"
        ? cashOutHilo(state)
        : move === "abandon"
          ? settleAbandonedHilo(state)
          : guessHilo(state, move, stream);
    if ("error" in step) return step;
    state = step.state;
  }
  return { state };
}

/**
 * Nebula Dice: two dice from floats 0 and 1 (die = floor(f * 6) + 1); LOW 2-6, SEVEN, HIGH 8-12.
 * Every bet pays 0.972 / p, so the house edge is 2.8% whichever bet is chosen (DESIGN.md section 5).
 */
import type { FloatStream } from "../../fair/stream.ts";
import { payout } from "../../money/money.ts";

/** The three bets of the dice screen. */
export const DICE_BET_TYPES = ["low", "seven", "high"] as const;
export type DiceBetType = (typeof DICE_BET_TYPES)[number];

/** Declared house edge of dice; the multipliers are derived from it. */
export const DICE_HOUSE_EDGE = 0.028;

/** Chance of each bet winning with two fair dice (15/36, 6/36, 15/36). */
export const DICE_WIN_PROBABILITY: Record<DiceBetType, number> = {
  low: 15 / 36,
  seven: 6 / 36,
  high: 15 / 36,
};

/** What each bet pays, stake included: 0.972 / p, exact to 4 decimals (2.3328x, 5.832x). */
export const DICE_MULTIPLIERS: Record<DiceBetType, number> = { low: 2.3328, seven: 5.832, high: 2.3328 };

/** The multipliers as the buttons and the selected label show them. */
export const DICE_MULTIPLIER_LABELS: Record<DiceBetType, string> = {
  low: "2.33x",
  seven: "5.83x",
  high: "2.33x",
};

/** The largest multiplier dice can pay (the catalogue's max win). */
export const DICE_MAX_MULTIPLIER = DICE_MULTIPLIERS.seven;

/** Floats one dice round reads from its stream. */
export const DICE_FLOATS_PER_ROUND = 2;

/** A settled dice roll with the fields of the SPEC.md dice response. */
export interface DiceOutcome {
  betType: DiceBetType;
  dice1: number;
  dice2: number;
  total: number;
  isWin: boolean;
  multiplier: number; // what the bet pays when it wins
  win: number; // gross credit in micro-units, 0 on a loss
}

/** A die face 1..6 from one float. */
export function dieFromFloat(f: number): number {
  return Math.floor(f * 6) + 1;
}

/** Whether a total wins a bet: LOW 2-6, SEVEN 7, HIGH 8-12. */
export function diceBetWins(betType: DiceBetType, total: number): boolean {
  if (betType === "low") return total <= 6;
  if (betType === "high") return total >= 8;
  return total === 7;
}

/** Rolls two dice from the round's stream and settles the bet (win rounded down to the unit). */
export function rollDice(stake: number, betType: DiceBetType, stream: FloatStream): DiceOutcome {
  const dice1 = dieFromFloat(stream.next());
  const dice2 = dieFromFloat(stream.next());
  const total = dice1 + dice2;
  const isWin = diceBetWins(betType, total);
  const multiplier = DICE_MULTIPLIERS[betType];
  return { betType, dice1, dice2, total, isWin, multiplier, win: isWin ? payout(stake, multiplier) : 0 };
}

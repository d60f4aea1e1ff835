/**
 * Supernova's payouts and the per-round cap on the house's total payout. A cash-out at m pays
 * floor(stake * m), rounded down to the unit. The cap limits what players together may win in one
 * round (payouts minus stakes of cashed-out bets); when the flight reaches the multiplier at which
 * everyone still in would take the rest of it, they are all cashed out there and the round ends.
 */
import type { Currency } from "../../money/money.ts";

/** The per-round cap on players' total net win, in micro-units (10,000 HC, 10 AMINA). */
export const CRASH_ROUND_PROFIT_CAP: Record<Currency, number> = {
  HC: 10_000_000_000,
  AMINA: 10_000_000,
};

/** The highest auto cash-out target, in hundredths (1,000,000x). */
export const CRASH_MAX_TARGET = 100_000_000;

/** The lowest auto cash-out target, in hundredths (1.01x): 1.00x never wins anything. */
export const CRASH_MIN_TARGET = 101;

/** Gross payout of a stake cashed out at a multiplier in hundredths, rounded down. */
export function cashOutPayout(stake: number, hundredths: number): number {
  return Math.floor((stake * hundredths) / 100);
}

/**
 * The multiplier (hundredths) at which the cap is reached: the highest m with
 * won + open * (m - 1) <= cap, where `won` is the net win already paid this round and `open` the
 * stakes still in. Infinity when no stake is in; 1.00x (the stakes back) when nothing is left.
 * Payouts round down per bet, so the paid total never passes the cap.
 */
export function capPointOf(cap: number, won: number, open: number): number {
  if (open <= 0) return Number.POSITIVE_INFINITY;
  const left = Math.max(0, cap - won);
  return 100 + Math.floor((left * 100) / open);
}

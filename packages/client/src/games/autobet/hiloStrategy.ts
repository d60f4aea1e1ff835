/**
 * The auto-bet strategy of Cosmic Hi-Lo: each guess takes the side more likely to win (the one
 * paying the lower multiplier, ties going HIGHER), and the round is cashed out after a set number
 * of correct guesses. RTP stays 97.5% whatever the target (DESIGN.md section 5).
 */

/** A hi-lo guess. */
export type HiloGuess = "higher" | "lower";

/** Correct guesses before cashing out when the player sets nothing. */
export const DEFAULT_HILO_TARGET = 2;

/** The most correct guesses a target may ask for. */
export const MAX_HILO_TARGET = 20;

/** The likelier side from the two offered multipliers (0 = that side cannot win); null when neither can. */
export function chooseHiloGuess(higherMultiplier: number, lowerMultiplier: number): HiloGuess | null {
  if (higherMultiplier <= 0 && lowerMultiplier <= 0) return null;
  if (higherMultiplier <= 0) return "lower";
  if (lowerMultiplier <= 0) return "higher";
  return lowerMultiplier < higherMultiplier ? "lower" : "higher";
}

/** Whether an open round should be cashed out now. */
export function shouldCashOut(streak: number, target: number): boolean {
  return streak >= Math.max(1, target);
}

/** Reads the typed cash-out target: a whole number 1..20, or null. */
export function readHiloTarget(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const target = Number(trimmed);
  return target >= 1 && target <= MAX_HILO_TARGET ? target : null;
}

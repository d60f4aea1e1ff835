/** How streaks are grouped for drawing: a few brightness bands instead of one stroke per star. */
import type { Streak } from "./starField.ts";

/** Brightness bands, far to near: colour, opacity and line width of each. */
export const STREAK_BANDS = [
  { color: 0x6c7bff, alpha: 0.35, width: 0.8 },
  { color: 0x9fd8ff, alpha: 0.55, width: 1.3 },
  { color: 0xd9f3ff, alpha: 0.8, width: 2 },
  { color: 0xffffff, alpha: 1, width: 2.8 },
] as const;

/** The band a streak's brightness falls in (0 = farthest). */
export function bandOf(streak: Streak): number {
  const index = Math.floor(((streak.alpha - 0.25) / 0.75) * STREAK_BANDS.length);
  return Math.max(0, Math.min(STREAK_BANDS.length - 1, index));
}

/** Puts each streak in its band, so a 2-D canvas strokes each band in one path. */
export function bandStreaks(streaks: Streak[]): Streak[][] {
  const bands: Streak[][] = STREAK_BANDS.map(() => []);
  for (const streak of streaks) bands[bandOf(streak)]?.push(streak);
  return bands;
}

/** Star count scaled to the screen so small devices draw less. */
export function countStarsFor(width: number, height: number): number {
  return Math.round(Math.min(700, Math.max(200, (width * height) / 2500)));
}

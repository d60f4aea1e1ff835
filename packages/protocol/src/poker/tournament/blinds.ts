/**
 * The Sit & Go blind schedule: levels by time from the tournament's start, antes from level IV on.
 * The last level repeats until one player is left. Pure: the clock is passed in.
 *
 * | Level | Blinds      | Ante |   | Level | Blinds      | Ante |
 * |-------|-------------|------|---|-------|-------------|------|
 * | I     | 10/20       | 0    |   | IX    | 300/600     | 75   |
 * | II    | 15/30       | 0    |   | X     | 400/800     | 100  |
 * | III   | 25/50       | 0    |   | XI    | 600/1200    | 150  |
 * | IV    | 50/100      | 10   |   | XII   | 800/1600    | 200  |
 * | V     | 75/150      | 15   |   | XIII  | 1000/2000   | 250  |
 * | VI    | 100/200     | 25   |   | XIV   | 1500/3000   | 400  |
 * | VII   | 150/300     | 35   |   | XV    | 2000/4000   | 500  |
 * | VIII  | 200/400     | 50   |   |       |             |      |
 */

/** One level of the schedule, in tournament chips. */
export interface BlindLevel {
  /** 1-based level number. */
  level: number;
  smallBlind: number;
  bigBlind: number;
  /** Ante each dealt-in player posts (0: none). */
  ante: number;
}

const LEVELS: readonly [number, number, number][] = [
  [10, 20, 0],
  [15, 30, 0],
  [25, 50, 0],
  [50, 100, 10],
  [75, 150, 15],
  [100, 200, 25],
  [150, 300, 35],
  [200, 400, 50],
  [300, 600, 75],
  [400, 800, 100],
  [600, 1200, 150],
  [800, 1600, 200],
  [1000, 2000, 250],
  [1500, 3000, 400],
  [2000, 4000, 500],
];

/** The schedule every Sit & Go plays (the table in this file's header). */
export const BLIND_SCHEDULE: readonly BlindLevel[] = LEVELS.map(([smallBlind, bigBlind, ante], i) => ({
  level: i + 1,
  smallBlind,
  bigBlind,
  ante,
}));

/** The level in force `elapsedMs` after the start, with levels of `levelMs` each; the last one repeats. */
export function findBlindLevel(elapsedMs: number, levelMs: number, schedule = BLIND_SCHEDULE): BlindLevel {
  if (!(levelMs > 0)) throw new Error("levelMs must be positive");
  const index = Math.min(Math.max(0, Math.floor(elapsedMs / levelMs)), schedule.length - 1);
  return schedule[index]!;
}

/** When the level after the one in force begins (ms after the start), or null at the last level. */
export function findNextLevelAt(
  elapsedMs: number,
  levelMs: number,
  schedule = BLIND_SCHEDULE,
): number | null {
  const index = Math.max(0, Math.floor(elapsedMs / levelMs));
  return index + 1 >= schedule.length ? null : (index + 1) * levelMs;
}

const ROMAN: readonly [number, string][] = [
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

/** A level number as PokerStars prints it ("Level IV"). */
export function formatLevel(level: number): string {
  let rest = Math.floor(level);
  let text = "";
  for (const [value, numeral] of ROMAN) {
    while (rest >= value) {
      text += numeral;
      rest -= value;
    }
  }
  return text;
}

/**
 * Cosmic Chaos constants: the ten space symbols, the weighted symbol tables the grid is filled from,
 * the cluster paytable and the bonus rules. The weights and pays were tuned by simulation so the
 * base game returns 96% and the bought bonus 96% of its price (packages/protocol/RTP.md).
 */

/** The ten symbols, paying symbols from most to least common, then the scatter. */
export const SLOT_SYMBOLS = [
  "planet",
  "star",
  "comet",
  "moon",
  "rocket",
  "alien",
  "ufo",
  "galaxy",
  "astronaut",
  "blackhole",
] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** The scatter: never part of a cluster; enough of them anywhere trigger free spins. */
export const SCATTER_SYMBOL: SlotSymbol = "blackhole";

/** Grid size: 5 rows of 5 columns, filled row by row (cell = row * 5 + col). */
export const SLOT_ROWS = 5;
export const SLOT_COLS = 5;
export const SLOT_CELLS = SLOT_ROWS * SLOT_COLS;

/** Smallest cluster of orthogonally connected equal symbols that pays. */
export const MIN_CLUSTER_SIZE = 5;

/** Cluster size tiers of the paytable: the smallest size of each tier (the last is 16 to 25). */
export const CLUSTER_TIER_SIZES = [5, 6, 7, 8, 9, 11, 13, 16] as const;

/** Pay per cluster in multiples of the bet, by symbol and size tier (5, 6, 7, 8, 9-10, 11-12, 13-15, 16+). */
export const SLOT_PAYTABLE: Record<Exclude<SlotSymbol, "blackhole">, readonly number[]> = {
  planet: [1, 1.5, 2, 2.5, 4, 8, 15, 50],
  star: [1.5, 2, 2.5, 4, 5, 10, 25, 75],
  comet: [2, 2.5, 4, 5, 8, 15, 40, 125],
  moon: [2.5, 4, 5, 8, 10, 25, 50, 200],
  rocket: [5, 8, 10, 15, 25, 50, 100, 400],
  alien: [8, 10, 15, 25, 40, 75, 200, 750],
  ufo: [10, 15, 25, 40, 60, 125, 300, 1000],
  galaxy: [15, 25, 40, 60, 100, 200, 500, 1000],
  astronaut: [25, 40, 60, 100, 150, 300, 750, 1000],
};

/** Symbol weights of a base-game cell, out of 10,000 (the scatter is blackhole). */
export const BASE_SYMBOL_WEIGHTS: Record<SlotSymbol, number> = {
  planet: 2734,
  star: 2280,
  comet: 1620,
  moon: 1100,
  rocket: 780,
  alien: 570,
  ufo: 380,
  galaxy: 236,
  astronaut: 180,
  blackhole: 120,
};

/** Symbol weights of a free-spin cell, out of 10,000: the two lowest symbols and the scatter are out. */
export const FREE_SPIN_SYMBOL_WEIGHTS: Record<SlotSymbol, number> = {
  planet: 0,
  star: 0,
  comet: 3392,
  moon: 2800,
  rocket: 1900,
  alien: 1000,
  ufo: 500,
  galaxy: 258,
  astronaut: 150,
  blackhole: 0,
};

/** Scatters anywhere on a base-game grid that trigger the bonus. */
export const SCATTERS_TO_TRIGGER = 3;

/** Free spins a bonus gives, whether triggered by scatters or bought. */
export const FREE_SPINS_AWARDED = 10;

/** The multiplier every free spin of a bonus pays at. */
export const FREE_SPIN_MULTIPLIER = 3;

/** What Buy Bonus costs, in multiples of the bet. */
export const BUY_BONUS_COST_MULTIPLIER = 100;

/** Cap on one spin's win, and on a whole bonus's total, in multiples of the bet. */
export const SLOTS_MAX_WIN_MULTIPLIER = 1000;

/** Declared return of the base game (free spins included) and of the bought bonus per price. */
export const SLOTS_TARGET_RTP = 0.96;

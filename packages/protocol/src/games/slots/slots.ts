/**
 * Cosmic Chaos spins: 25 floats fill the grid row by row from a weighted symbol table, clusters of
 * 5+ pay by size tier, 3+ scatters on a base spin trigger 10 free spins at multiplier 3. One spin
 * pays at most 1000x the bet, and a whole bonus at most 1000x the bet it was won or bought with.
 */
import type { FloatStream } from "../../fair/stream.ts";
import { payout } from "../../money/money.ts";
import { findClusters } from "./clusters.ts";
import {
  BASE_SYMBOL_WEIGHTS,
  CLUSTER_TIER_SIZES,
  FREE_SPIN_MULTIPLIER,
  FREE_SPIN_SYMBOL_WEIGHTS,
  FREE_SPINS_AWARDED,
  SCATTER_SYMBOL,
  SCATTERS_TO_TRIGGER,
  SLOT_CELLS,
  SLOT_COLS,
  SLOT_PAYTABLE,
  SLOT_SYMBOLS,
  SLOTS_MAX_WIN_MULTIPLIER,
  type SlotSymbol,
} from "./symbols.ts";

/** A cell position as the SPEC.md spin response lists it. */
export interface SlotPosition {
  row: number;
  col: number;
}

/** What one paying cluster is worth, beside its positions. */
export interface SlotClusterWin {
  symbol: SlotSymbol;
  size: number;
  pay: number; // multiple of the bet, before the free-spin multiplier
}

/** A settled spin with the SPEC.md response fields (win in micro-units). */
export interface SlotsOutcome {
  grid: SlotSymbol[]; // 25 symbols in row order
  clusters: SlotPosition[][]; // each paying cluster's positions
  clusterWins: SlotClusterWin[]; // same order as clusters
  multiplier: number; // 1 on a base spin, the bonus multiplier on a free spin
  isFreeSpin: boolean;
  scatterCount: number;
  capped: boolean; // the win was cut by the per-spin or per-bonus cap
  isWin: boolean;
  win: number;
  bonusTriggered: boolean;
  bonusSpinsAwarded: number;
}

/** A weighted table as a lookup: floor(f * total) indexes the symbol directly. */
interface SymbolTable {
  total: number;
  lookup: Uint8Array;
}

/** Builds the float-to-symbol lookup of a weight table (symbols in SLOT_SYMBOLS order). */
function buildTable(weights: Record<SlotSymbol, number>): SymbolTable {
  const total = SLOT_SYMBOLS.reduce((sum, symbol) => sum + weights[symbol], 0);
  const lookup = new Uint8Array(total);
  let at = 0;
  SLOT_SYMBOLS.forEach((symbol, index) => {
    lookup.fill(index, at, at + weights[symbol]);
    at += weights[symbol];
  });
  return { total, lookup };
}

const BASE_TABLE = buildTable(BASE_SYMBOL_WEIGHTS);
const FREE_TABLE = buildTable(FREE_SPIN_SYMBOL_WEIGHTS);
const SCATTER_INDEX = SLOT_SYMBOLS.indexOf(SCATTER_SYMBOL);

/** Paytable tier of a cluster size (sizes below the minimum never reach here). */
export function clusterTier(size: number): number {
  let tier = 0;
  while (tier + 1 < CLUSTER_TIER_SIZES.length && size >= CLUSTER_TIER_SIZES[tier + 1]!) tier++;
  return tier;
}

/** Pay of a cluster in hundredths of the bet (integers, so sums are exact). */
function clusterPayCents(symbol: SlotSymbol, size: number): number {
  const row = SLOT_PAYTABLE[symbol as Exclude<SlotSymbol, "blackhole">];
  return Math.round((row?.[clusterTier(size)] ?? 0) * 100);
}

/** Pay of a cluster in multiples of the bet, for the paytable screen and tests. */
export function clusterPay(symbol: SlotSymbol, size: number): number {
  return clusterPayCents(symbol, size) / 100;
}

/** Fills the grid row by row: one float per cell, symbol = table[floor(f * total)]. */
function fillGrid(table: SymbolTable, stream: FloatStream): Uint8Array {
  const grid = new Uint8Array(SLOT_CELLS);
  for (let cell = 0; cell < SLOT_CELLS; cell++)
    grid[cell] = table.lookup[Math.floor(stream.next() * table.total)]!;
  return grid;
}

/** Scores a filled grid: clusters, pays, the capped win and the scatter count. */
function scoreGrid(
  grid: Uint8Array,
  stake: number,
  multiplier: number,
  capUnits: number,
  isFreeSpin: boolean,
) {
  const found = findClusters(grid, SCATTER_INDEX);
  let payCents = 0;
  const clusters: SlotPosition[][] = [];
  const clusterWins: SlotClusterWin[] = [];
  for (const cluster of found) {
    const symbol = SLOT_SYMBOLS[cluster.symbol]!;
    const cents = clusterPayCents(symbol, cluster.cells.length);
    payCents += cents;
    clusters.push(
      cluster.cells.map((cell) => ({ row: Math.floor(cell / SLOT_COLS), col: cell % SLOT_COLS })),
    );
    clusterWins.push({ symbol, size: cluster.cells.length, pay: cents / 100 });
  }
  const uncapped = payCents > 0 ? payout(stake, (payCents * multiplier) / 100) : 0;
  const win = Math.min(uncapped, capUnits);
  let scatterCount = 0;
  for (let cell = 0; cell < SLOT_CELLS; cell++) if (grid[cell] === SCATTER_INDEX) scatterCount++;
  const symbols = Array.from(grid, (index) => SLOT_SYMBOLS[index]!);
  return {
    grid: symbols,
    clusters,
    clusterWins,
    multiplier,
    isFreeSpin,
    scatterCount,
    capped: win < uncapped,
    win,
  };
}

/** One paid base-game spin: clusters pay at 1x, 3+ scatters award the bonus. */
export function spinSlots(stake: number, stream: FloatStream): SlotsOutcome {
  const grid = fillGrid(BASE_TABLE, stream);
  const scored = scoreGrid(grid, stake, 1, stake * SLOTS_MAX_WIN_MULTIPLIER, false);
  const bonusTriggered = scored.scatterCount >= SCATTERS_TO_TRIGGER;
  return {
    ...scored,
    isWin: scored.win > 0,
    bonusTriggered,
    bonusSpinsAwarded: bonusTriggered ? FREE_SPINS_AWARDED : 0,
  };
}

/**
 * One free spin of a bonus the server holds (it keeps the count of spins left): pays at the bonus
 * multiplier, capped at 1000x the bet for the spin and for the bonus as a whole, given what the
 * bonus has already won. Free spins do not retrigger.
 */
export function playFreeSpin(
  stake: number,
  multiplier: number,
  bonusWonSoFar: number,
  stream: FloatStream,
): SlotsOutcome {
  const grid = fillGrid(FREE_TABLE, stream);
  const cap = Math.max(0, stake * SLOTS_MAX_WIN_MULTIPLIER - bonusWonSoFar);
  const scored = scoreGrid(grid, stake, multiplier, cap, true);
  return { ...scored, isWin: scored.win > 0, bonusTriggered: false, bonusSpinsAwarded: 0 };
}

/** Whether a bonus has paid out its whole cap, so its remaining free spins end. */
export function isBonusCapReached(stake: number, bonusWon: number): boolean {
  return bonusWon >= stake * SLOTS_MAX_WIN_MULTIPLIER;
}

/**
 * The outcome of a bought bonus: no grid is drawn, the purchase awards the free spins at the bonus
 * multiplier (the round's bet is BUY_BONUS_COST_MULTIPLIER x the stake the spins then play at).
 */
export function buyBonusOutcome(): SlotsOutcome {
  return {
    grid: [],
    clusters: [],
    clusterWins: [],
    multiplier: FREE_SPIN_MULTIPLIER,
    isFreeSpin: false,
    scatterCount: 0,
    capped: false,
    isWin: false,
    win: 0,
    bonusTriggered: true,
    bonusSpinsAwarded: FREE_SPINS_AWARDED,
  };
}

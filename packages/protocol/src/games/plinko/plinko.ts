/**
 * Quantum Plinko: 12 rows of pegs, 13 slots. Row i sends the ball right when floor(f_i * 2) == 1 and
 * the slot is the number of rights, so slot odds are binomial(12, 1/2). The server decides the path;
 * a slot index sent by a client is never used (DESIGN.md sections 4 and 5).
 */
import type { FloatStream } from "../../fair/stream.ts";
import { payout } from "../../money/money.ts";

/** The three risk levels of the plinko screen. */
export const PLINKO_RISKS = ["low", "medium", "high"] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/** Peg rows a ball falls through (one float each). */
export const PLINKO_ROWS = 12;

/** Landing slots (rows + 1). */
export const PLINKO_SLOTS = PLINKO_ROWS + 1;

/** Balls one player may have in flight at once (SPEC.md section 5). */
export const PLINKO_MAX_BALLS_IN_FLIGHT = 5;

/** Mirrors the half-table from slot 0 to the centre slot into all 13 slots. */
function mirrorHalf(half: readonly number[]): readonly number[] {
  return [...half, ...half.slice(0, -1).reverse()];
}

/** Payout multiplier per slot (0..12) and risk, from DESIGN.md section 5. */
export const PLINKO_MULTIPLIERS: Record<PlinkoRisk, readonly number[]> = {
  low: mirrorHalf([8, 3, 1.8, 1.3, 1.1, 0.9, 0.6]),
  medium: mirrorHalf([25, 12, 6, 2, 1, 0.5, 0.2]),
  high: mirrorHalf([60, 24, 8, 2.2, 0.7, 0.3, 0.1]),
};

/** The largest multiplier of each risk (the risk button's max hint). */
export const PLINKO_MAX_MULTIPLIER: Record<PlinkoRisk, number> = {
  low: Math.max(...PLINKO_MULTIPLIERS.low),
  medium: Math.max(...PLINKO_MULTIPLIERS.medium),
  high: Math.max(...PLINKO_MULTIPLIERS.high),
};

/** A settled drop: the path the client animates, the slot it lands in and what it paid. */
export interface PlinkoOutcome {
  risk: PlinkoRisk;
  path: number[]; // per row: 0 = left, 1 = right
  slot: number; // 0..12, the number of rights
  multiplier: number;
  isWin: boolean; // paid back more than the stake (every slot pays something, 0.2x is still a loss)
  win: number; // gross credit in micro-units
}

/** Chance of landing in each slot: C(12, k) / 2^12. */
export function plinkoSlotProbabilities(): number[] {
  const probabilities: number[] = [];
  let binomial = 1;
  for (let k = 0; k <= PLINKO_ROWS; k++) {
    probabilities.push(binomial / 2 ** PLINKO_ROWS);
    binomial = (binomial * (PLINKO_ROWS - k)) / (k + 1);
  }
  return probabilities;
}

/** The exact return to player of a risk table: sum over slots of probability times multiplier. */
export function plinkoExactRtp(risk: PlinkoRisk): number {
  const multipliers = PLINKO_MULTIPLIERS[risk];
  return plinkoSlotProbabilities().reduce((sum, p, slot) => sum + p * (multipliers[slot] ?? 0), 0);
}

/** Drops one ball: 12 floats decide the path, the path decides the slot and the payout. */
export function dropPlinko(stake: number, risk: PlinkoRisk, stream: FloatStream): PlinkoOutcome {
  const path: number[] = [];
  for (let row = 0; row < PLINKO_ROWS; row++) path.push(Math.floor(stream.next() * 2));
  const slot = path.reduce((rights, step) => rights + step, 0);
  const multiplier = PLINKO_MULTIPLIERS[risk][slot] ?? 0;
  const win = payout(stake, multiplier);
  return { risk, path, slot, multiplier, isWin: win > stake, win };
}

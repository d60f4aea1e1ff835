/**
 * Quantum Plinko's board geometry (12 rows of pegs, 13 slots) and slot colours, in canvas pixels.
 * Row r holds r + 3 pegs; a ball that has gone right k times meets peg k + 1 of row r, so after the
 * last row it sits over slot k (the server's slot = number of rights).
 */
import { PLINKO_ROWS, PLINKO_SLOTS } from "@casino/protocol";

/** Board size and spacing. */
export const BOARD = {
  width: 440,
  height: 432,
  spacing: 32, // horizontal distance between pegs of a row
  rowGap: 28, // vertical distance between rows
  topY: 54, // first row of pegs
  pegRadius: 4,
  ballRadius: 7,
  dropY: 14, // where a ball is let go
  slotHeight: 34,
} as const;

/** How long a winning slot stays lit and its hit pop-up stays up (SPEC.md: 3 s). */
export const PLINKO_HIGHLIGHT_MS = 3000;

/** Horizontal centre of the board. */
export const CENTER_X = BOARD.width / 2;

/** Vertical position of a peg row. */
export function rowY(row: number): number {
  return BOARD.topY + row * BOARD.rowGap;
}

/** Top edge of the slot row (just under the last row of pegs). */
export const SLOT_TOP = rowY(PLINKO_ROWS - 1) + 22;

/** Where a ball comes to rest inside its slot. */
export const SLOT_REST_Y = SLOT_TOP + BOARD.slotHeight / 2;

/** Horizontal position of peg `index` of row `row`. */
export function pegX(row: number, index: number): number {
  return CENTER_X + (index - (row + 2) / 2) * BOARD.spacing;
}

/** Every peg of the board, row by row. */
export function listPegs(): { row: number; index: number; x: number; y: number }[] {
  const pegs: { row: number; index: number; x: number; y: number }[] = [];
  for (let row = 0; row < PLINKO_ROWS; row++) {
    for (let index = 0; index < row + 3; index++)
      pegs.push({ row, index, x: pegX(row, index), y: rowY(row) });
  }
  return pegs;
}

/** Horizontal centre of slot `slot` (between two pegs of the last row). */
export function slotCenterX(slot: number): number {
  return CENTER_X + (slot - (PLINKO_SLOTS - 1) / 2) * BOARD.spacing;
}

/** The slot under a horizontal position (how a landed ball's slot is read from where it lies). */
export function slotAtX(x: number): number {
  const slot = Math.round((x - CENTER_X) / BOARD.spacing + (PLINKO_SLOTS - 1) / 2);
  return Math.min(PLINKO_SLOTS - 1, Math.max(0, slot));
}

/** The peg a ball meets in `row` after `rights` moves to the right. */
export function pegMetBy(row: number, rights: number): { x: number; y: number } {
  return { x: pegX(row, rights + 1), y: rowY(row) };
}

/**
 * A slot's colour by how much it pays compared with the risk's best slot: deep blue for the losing
 * centre, through violet and pink, to gold at the edges (log scale, since pays span 0.1x to 60x).
 */
export function slotColor(multiplier: number, maxMultiplier: number, minMultiplier: number): number {
  const span = Math.log(maxMultiplier) - Math.log(minMultiplier);
  const t = span > 0 ? (Math.log(multiplier) - Math.log(minMultiplier)) / span : 1;
  const stops: [number, number, number][] = [
    [0x3a, 0x4c, 0xc8],
    [0x9b, 0x6b, 0xff],
    [0xff, 0x4f, 0xd8],
    [0xff, 0xd1, 0x66],
  ];
  const scaled = Math.min(1, Math.max(0, t)) * (stops.length - 1);
  const low = Math.min(stops.length - 2, Math.floor(scaled));
  const mix = scaled - low;
  const [a, b] = [stops[low]!, stops[low + 1]!];
  const channel = (i: 0 | 1 | 2) => Math.round(a[i] + (b[i] - a[i]) * mix);
  return (channel(0) << 16) | (channel(1) << 8) | channel(2);
}

/** A multiplier as a slot label ("60x", "0.2x", "1.8x"). */
export function formatSlotLabel(multiplier: number): string {
  return `${multiplier}x`;
}

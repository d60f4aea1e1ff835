/**
 * Cosmic Chaos timings, texts and the bonus as the screen tracks it (SPEC.md sections 4, 8 and 9):
 * 20 ticks of 100 ms per spin, 2 s of win highlight, the automatic spin 2.5 s after a purchase.
 */
import { SLOT_COLS, type SlotPosition } from "@casino/protocol";
import { amountUnits, readCurrency } from "../frame/gameAmounts.ts";
import type { SnapshotSlots } from "../room/roomSnapshot.ts";

/** Reel animation: 20 ticks of 100 ms. */
export const SPIN_TICKS = 20;
export const SPIN_TICK_MS = 100;

/** Winning clusters stay lit this long. */
export const WIN_HIGHLIGHT_MS = 2000;

/** A bought bonus starts spinning by itself after this long. */
export const AUTO_SPIN_DELAY_MS = 2500;

/** The free spins the player holds, as the banner shows them. */
export type HeldBonus = {
  left: number;
  multiplier: number;
  betUnits: number;
  currency: "HC" | "AMINA";
  wonUnits: number;
};

/** What the SPIN button reads. */
export function spinButtonLabel(spinning: boolean, bonus: HeldBonus | null): string {
  if (spinning) return "SPINNING...";
  return bonus && bonus.left > 0 ? "FREE SPIN" : "SPIN";
}

/** The cells (row * 5 + col) of every winning cluster. */
export function winningCells(clusters: readonly (readonly SlotPosition[])[]): number[] {
  const cells = new Set<number>();
  for (const cluster of clusters) for (const { row, col } of cluster) cells.add(row * SLOT_COLS + col);
  return [...cells].sort((a, b) => a - b);
}

/** The bonus held after a spin or purchase answer (null when none is left); `won` adds this spin's win. */
export function bonusAfterAnswer(
  body: Record<string, unknown>,
  previous: HeldBonus | null,
): HeldBonus | null {
  const left = Number(body.freeSpinsLeft ?? 0);
  if (!(left > 0)) return null;
  const continuing = previous !== null && body.isFreeSpin === true;
  return {
    left,
    multiplier: Number(body.freeSpinMultiplier ?? 1),
    betUnits: amountUnits(body.freeSpinBetAmount),
    currency: readCurrency(body.currency),
    wonUnits: continuing ? previous.wonUnits + amountUnits(body.winAmount) : 0,
  };
}

/** The bonus a reloaded screen resumes from the room state. */
export function bonusFromSnapshot(state: SnapshotSlots | undefined): HeldBonus | null {
  if (!state || state.freeSpinsLeft <= 0) return null;
  return {
    left: state.freeSpinsLeft,
    multiplier: state.freeSpinMultiplier,
    betUnits: amountUnits(state.freeSpinBetAmount),
    currency: readCurrency(state.freeSpinCurrency),
    wonUnits: 0,
  };
}

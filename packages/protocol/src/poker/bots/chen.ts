/** Pre-flop hand strength by Bill Chen's formula: a quick, well-known ranking of the 169 starting hands. */
import type { CardIndex } from "../../fair/cards.ts";

const HIGH_CARD_POINTS = [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 10];

/** Chen score of two hole cards: -1 (7-2 offsuit) .. 20 (pocket aces). */
export function chenScore(a: CardIndex, b: CardIndex): number {
  const hi = Math.max(a >> 2, b >> 2);
  const lo = Math.min(a >> 2, b >> 2);
  let score = HIGH_CARD_POINTS[hi]!;
  if (hi === lo) return Math.max(5, score * 2);
  if ((a & 3) === (b & 3)) score += 2;
  const gap = hi - lo - 1;
  score -= [0, 1, 2, 4][gap] ?? 5;
  if (gap <= 1 && hi < 10) score += 1;
  return Math.ceil(score);
}

/** Chen score scaled to 0..1 for mixing with other signals. */
export function preflopStrength(a: CardIndex, b: CardIndex): number {
  return (chenScore(a, b) + 1) / 21;
}

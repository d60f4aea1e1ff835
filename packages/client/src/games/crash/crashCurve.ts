/**
 * The geometry of the crash scene, pure: the axes' ranges for the flight so far and the points of
 * the curve, in pixels of a box of any size (the scene scales to the viewport).
 */
import { multiplierAt } from "@casino/protocol/games/crash/flight";

/** A point in the scene, in pixels. */
export interface ScenePoint {
  x: number;
  y: number;
}

/** The visible ranges: time 0..maxMs and multiplier 1..maxMultiplier (hundredths), growing with the flight. */
export function sceneRange(ms: number, hundredths: number): { maxMs: number; maxMultiplier: number } {
  return { maxMs: Math.max(8_000, ms * 1.15), maxMultiplier: Math.max(200, Math.ceil(hundredths * 1.2)) };
}

/** The curve from the start to `ms` as `steps` + 1 points in a `width` x `height` box (padding inside). */
export function curvePoints(ms: number, width: number, height: number, steps = 48, pad = 24): ScenePoint[] {
  const end = multiplierAt(ms);
  const { maxMs, maxMultiplier } = sceneRange(ms, end);
  const points: ScenePoint[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = (ms * i) / steps;
    const m = i === steps ? end : 100 * Math.exp(0.00006 * t);
    points.push({
      x: pad + ((width - 2 * pad) * t) / maxMs,
      y: height - pad - ((height - 2 * pad) * (m - 100)) / (maxMultiplier - 100),
    });
  }
  return points;
}

/** The rocket's heading at the curve's tip, in radians (0 = pointing right). */
export function headingAt(points: readonly ScenePoint[]): number {
  const tip = points[points.length - 1];
  const before = points[points.length - 2];
  if (!tip || !before) return -Math.PI / 8;
  return Math.atan2(tip.y - before.y, tip.x - before.x);
}

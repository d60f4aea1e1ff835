/** The events/bets chart as plain geometry: two polylines over the same minutes, scaled to one maximum. */
import type { TimelineBucket } from "./securityTypes.ts";

/** Drawing area in SVG units, with room for labels on the left and bottom. */
export type ChartBox = { width: number; height: number; left: number; bottom: number; top: number };

/** What the chart draws. */
export type ChartGeometry = {
  eventsPoints: string;
  betsPoints: string;
  /** The value at the top of the axis (a round number, at least 1). */
  maxValue: number;
  /** y positions and labels of the horizontal grid lines. */
  gridLines: { y: number; label: string }[];
};

/** A round ceiling for the axis: 1, 2, 5, 10, 20, 50, ... */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/** Lays the buckets out left (oldest) to right (now). */
export function layOutChart(buckets: readonly TimelineBucket[], box: ChartBox): ChartGeometry {
  const maxValue = niceCeiling(Math.max(0, ...buckets.flatMap((b) => [b.events, b.bets])));
  const plotWidth = box.width - box.left;
  const plotHeight = box.height - box.bottom - box.top;
  const x = (i: number) => box.left + (buckets.length <= 1 ? plotWidth : (i / (buckets.length - 1)) * plotWidth);
  const y = (v: number) => box.top + plotHeight - (v / maxValue) * plotHeight;
  const points = (pick: (b: TimelineBucket) => number) =>
    buckets.map((b, i) => `${x(i).toFixed(1)},${y(pick(b)).toFixed(1)}`).join(" ");
  const gridLines = [0, 0.5, 1].map((f) => ({ y: y(maxValue * f), label: String(Math.round(maxValue * f)) }));
  return { eventsPoints: points((b) => b.events), betsPoints: points((b) => b.bets), maxValue, gridLines };
}

/** The events/bets chart as plain geometry: bets as bars, events as a line, over the same minutes and axis. */
import { formatFraction } from "../ui/format.ts";
import type { TimelineBucket } from "./securityTypes.ts";

/** Drawing area in SVG units, with room for labels on the left and bottom. */
export type ChartBox = { width: number; height: number; left: number; bottom: number; top: number };

/** One bar of the bets series. */
export type ChartBar = { x: number; y: number; width: number; height: number };

/** What the chart draws. */
export type ChartGeometry = {
  eventsPoints: string;
  betBars: ChartBar[];
  /** The value at the top of the axis (a round number, at least 1). */
  maxValue: number;
  /** y positions and labels of the horizontal grid lines (whole numbers only). */
  gridLines: { y: number; label: string }[];
};

/** A round ceiling for the axis: 1, 2, 5, 10, 20, 50, ... */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Lays the buckets out left (oldest) to right (now), one slot per minute. */
export function layOutChart(buckets: readonly TimelineBucket[], box: ChartBox): ChartGeometry {
  const maxValue = niceCeiling(Math.max(0, ...buckets.flatMap((b) => [b.events, b.bets])));
  const plotWidth = box.width - box.left;
  const plotHeight = box.height - box.bottom - box.top;
  const slot = plotWidth / Math.max(1, buckets.length);
  const centre = (i: number) => box.left + slot * (i + 0.5);
  const y = (v: number) => box.top + plotHeight - (v / maxValue) * plotHeight;
  const eventsPoints = buckets
    .map((b, i) => `${formatFraction(centre(i), 1)},${formatFraction(y(b.events), 1)}`)
    .join(" ");
  const betBars = buckets.flatMap((b, i) =>
    b.bets === 0
      ? []
      : [
          {
            x: round1(box.left + slot * i + slot * 0.15),
            y: round1(y(b.bets)),
            width: round1(slot * 0.7),
            height: round1(plotHeight - (y(b.bets) - box.top)),
          },
        ],
  );
  const gridLines = [0, 0.5, 1]
    .map((f) => maxValue * f)
    .filter((v) => Number.isInteger(v))
    .map((v) => ({ y: y(v), label: String(v) }));
  return { eventsPoints, betBars, maxValue, gridLines };
}

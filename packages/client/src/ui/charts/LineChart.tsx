/**
 * A line chart over time drawn with uPlot, sized to its container and redrawn on resize: the one
 * chart component screens share (the profile's profit curve, session stats). uPlot draws on a
 * canvas, so the chart carries a text summary for screen readers.
 */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "./charts.css";

/** One line: its legend label and colour. */
export interface ChartSeries {
  label: string;
  color: string;
}

/** What a LineChart draws. */
export interface LineChartProps {
  /** X values (epoch seconds when `time`), then one array of Y values per series, all the same length. */
  data: uPlot.AlignedData;
  series: ChartSeries[];
  /** What the chart shows, read by screen readers instead of the canvas. */
  summary: string;
  height?: number;
  /** X values are epoch seconds (default true). */
  time?: boolean;
  /** The legend's name of the X value (default "Time", or "X" for counted values). */
  xLabel?: string;
  /** Formats a Y value for the axis and legend. */
  formatY?: (value: number) => string;
  testId?: string;
}

/** Tick steps of a counted X axis. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

const AXIS = { stroke: "#a9a6d6", grid: { stroke: "rgba(130, 110, 255, 0.14)" }, ticks: { show: false } };

/** uPlot options for the props at a width. */
function optionsFor(props: LineChartProps, width: number): uPlot.Options {
  const formatY = props.formatY ?? ((value: number) => String(value));
  return {
    width,
    height: props.height ?? 240,
    scales: { x: { time: props.time ?? true } },
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    axes: [
      // Counted X values (rounds) tick on whole numbers only.
      props.time === false ? { ...AXIS, incrs: WHOLE_STEPS } : AXIS,
      { ...AXIS, size: 64, values: (_u, values) => values.map((v) => formatY(v)) },
    ],
    series: [
      { label: props.xLabel ?? (props.time === false ? "X" : "Time") },
      ...props.series.map((line) => ({
        label: line.label,
        stroke: line.color,
        width: 2,
        fill: `${line.color}22`,
        value: (_u: uPlot, value: number | null) => (value === null ? "-" : formatY(value)),
      })),
    ],
  };
}

/** Draws the lines; recreated when the series change, fed new data in place otherwise. */
export function LineChart(props: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const shape = `${props.series.map((s) => `${s.label}:${s.color}`).join("|")}:${props.height}:${props.time}:${props.xLabel}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `shape` names everything the options depend on
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const created = new uPlot(
      optionsFor(latest.current, element.clientWidth || 320),
      latest.current.data,
      element,
    );
    chart.current = created;
    const observer = new ResizeObserver(() => {
      created.setSize({ width: element.clientWidth || 320, height: latest.current.height ?? 240 });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      created.destroy();
      chart.current = null;
    };
  }, [shape]);

  useEffect(() => {
    chart.current?.setData(props.data);
  }, [props.data]);

  return (
    <figure className="line-chart" data-testid={props.testId}>
      <div ref={box} className="line-chart-canvas" aria-hidden="true" />
      <figcaption className="sr-only">{props.summary}</figcaption>
    </figure>
  );
}

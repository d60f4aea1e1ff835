import { layOutChart } from "./chartGeometry.ts";
import type { TimelineBucket } from "./securityTypes.ts";

const BOX = { width: 640, height: 180, left: 34, bottom: 22, top: 10 };

/** Security events (line) and bets (bars) per minute over the last hour. */
export function TimelineChart({ buckets }: { buckets: TimelineBucket[] | undefined }) {
  const data = buckets ?? [];
  const chart = layOutChart(data, BOX);
  const totals = data.reduce((t, b) => ({ events: t.events + b.events, bets: t.bets + b.bets }), {
    events: 0,
    bets: 0,
  });
  return (
    <section className="panel timeline-panel" aria-labelledby="timeline-title">
      <div className="panel-header">
        <h2 id="timeline-title">Events and bets per minute</h2>
        <p className="timeline-legend">
          <span className="legend-events">Events {totals.events}</span>
          <span className="legend-bets" data-testid="timeline-bets">
            Bets {totals.bets}
          </span>
        </p>
      </div>
      <svg
        className="timeline-chart"
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-label={`Last ${data.length} minutes: ${totals.events} security events and ${totals.bets} bets`}
      >
        {chart.gridLines.map((line) => (
          <g key={line.label}>
            <line x1={BOX.left} x2={BOX.width} y1={line.y} y2={line.y} className="grid-line" />
            <text x={BOX.left - 6} y={line.y + 4} textAnchor="end" className="axis-label">
              {line.label}
            </text>
          </g>
        ))}
        <text x={BOX.left} y={BOX.height - 4} className="axis-label">
          -{data.length} min
        </text>
        <text x={BOX.width} y={BOX.height - 4} textAnchor="end" className="axis-label">
          now
        </text>
        {chart.betBars.map((bar) => (
          <rect key={bar.x} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="bar-bets" />
        ))}
        {data.length > 0 && <polyline points={chart.eventsPoints} className="line-events" />}
      </svg>
    </section>
  );
}

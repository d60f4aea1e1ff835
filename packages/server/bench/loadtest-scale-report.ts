/**
 * The report of `pnpm loadtest:scale`: the figures of one run, the comparison of the runs as a
 * markdown table (what docs/SCALE.md shows) and the verdict against the scale-out targets.
 */
import type { EventLoopLag } from "./machine-stats.ts";
import type { PgActivityReport } from "./pg-activity.ts";
import { topShares } from "./pg-activity.ts";

/** The figures of one run. */
export interface RunReport {
  name: string;
  clients: number;
  tables: number;
  seconds: number;
  hands: number;
  actions: number;
  bets: number;
  actionP50: number;
  actionP99: number;
  betP50: number;
  betP99: number;
  errors: number;
  errorKinds: Record<string, number>;
  rssMb: number[];
  cpu: Record<string, number>;
  /** CPU seconds per second: the casino processes together, and the same with the run's database and Redis work. */
  casinoCores: number;
  allInCores: number;
  /** Cores busy with work outside this run (the whole machine's busy time minus the run's processes). */
  otherCores: number;
  /** The cluster's PostgreSQL backends, sampled (absent on SQLite). */
  pg?: PgActivityReport;
  /** The casino processes' round trips to PostgreSQL over the measured window, by what was sent. */
  roundTrips: Record<string, number>;
  ledgerOk: boolean;
  /** The machine's 1-minute load average when the measurement started and ended. */
  load: [number, number];
  /** How late the load generator's event loops ran (the measured round trips include it). */
  generatorLag: { pokerClients: EventLoopLag; bettors: EventLoopLag };
}

/** Poker actions and bets served per CPU-second of the casino processes (and with the run's database and Redis work). */
function perCpuSecond(r: RunReport, cores: number): number {
  return (r.actions + r.bets) / r.seconds / cores;
}

/** A PostgreSQL figure of a run, or a dash for SQLite. */
function pgCell(r: RunReport, cell: (pg: PgActivityReport) => string): string {
  return r.pg ? cell(r.pg).replaceAll("|", "\\|") : "—";
}

/** Round trips per second and per action or bet, then the three labels sent most, per second. */
function roundTripsCell(r: RunReport): string {
  const total = Object.values(r.roundTrips).reduce((sum, n) => sum + n, 0);
  const top = Object.entries(r.roundTrips)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([label, n]) => `${label} ${(n / r.seconds).toFixed(0)}`);
  return `${(total / r.seconds).toFixed(0)} (${(total / Math.max(1, r.actions + r.bets)).toFixed(2)}): ${top.join(", ")}`;
}

/** The comparison as a markdown table. */
export function toMarkdown(reports: RunReport[]): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const rows: [string, (r: RunReport) => string][] = [
    ["clients (poker + single-player)", (r) => String(r.clients)],
    ["poker tables", (r) => String(r.tables)],
    ["measured", (r) => `${r.seconds.toFixed(0)} s`],
    ["hands/s", (r) => (r.hands / r.seconds).toFixed(1)],
    ["poker actions/s", (r) => (r.actions / r.seconds).toFixed(0)],
    ["bets/s", (r) => (r.bets / r.seconds).toFixed(0)],
    ["action round trip p50 / p99", (r) => `${ms(r.actionP50)} / ${ms(r.actionP99)}`],
    ["bet round trip p50 / p99", (r) => `${ms(r.betP50)} / ${ms(r.betP99)}`],
    [
      "load generator's event-loop delay p50 / p99: poker clients, bettors (in the round trips above)",
      (r) => {
        const { pokerClients: p, bettors: b } = r.generatorLag;
        return `${ms(p.p50)} / ${ms(p.p99)}, ${ms(b.p50)} / ${ms(b.p99)}`;
      },
    ],
    ["errors", (r) => `${r.errors}${r.errors ? ` ${JSON.stringify(r.errorKinds)}` : ""}`],
    ["peak RSS per casino process", (r) => r.rssMb.map((mb) => `${mb.toFixed(0)} MB`).join(", ")],
    [
      "CPU cores used",
      (r) =>
        Object.entries(r.cpu)
          .map(([k, v]) => `${k} ${v}`)
          .join(", "),
    ],
    ["casino CPU (cores, all processes)", (r) => r.casinoCores.toFixed(2)],
    [
      "actions + bets per CPU-second: casino / casino + its database and Redis",
      (r) => `${perCpuSecond(r, r.casinoCores).toFixed(0)} / ${perCpuSecond(r, r.allInCores).toFixed(0)}`,
    ],
    [
      "PostgreSQL round trips per second (per action or bet) and the most sent",
      (r) => pgCell(r, () => roundTripsCell(r)),
    ],
    [
      "PostgreSQL lock waits (backends waiting per sample: mean / max; samples with a wait)",
      (r) =>
        pgCell(
          r,
          (pg) =>
            `${pg.meanLockWaits.toFixed(2)} / ${pg.maxLockWaits}; ${pg.samplesWithLockWaits} of ${pg.samples} (${pg.intervalMs} ms apart), ${pg.locksNotGranted} locks not granted`,
        ),
    ],
    [
      "PostgreSQL statements waiting on a lock",
      (r) => pgCell(r, (pg) => topShares(pg.lockWaitStatements, 3)),
    ],
    [
      "PostgreSQL: last statement of a backend idle in a transaction",
      (r) => pgCell(r, (pg) => topShares(pg.idleInTransactionAfter, 4)),
    ],
    [
      "PostgreSQL busy backends (mean) and what they did",
      (r) => pgCell(r, (pg) => `${pg.meanBusy.toFixed(1)}: ${topShares(pg.waits, 5)}`),
    ],
    ["ledger invariants", (r) => (r.ledgerOk ? "exact" : "BROKEN")],
    ["machine load (1 min) at start / end", (r) => `${r.load[0].toFixed(1)} / ${r.load[1].toFixed(1)}`],
    ["other work on the machine (cores)", (r) => r.otherCores.toFixed(2)],
  ];
  const header = `| | ${reports.map((r) => r.name).join(" | ")} |\n|---|${reports.map(() => "---").join("|")}|`;
  return [header, ...rows.map(([label, cell]) => `| ${label} | ${reports.map(cell).join(" | ")} |`)].join(
    "\n",
  );
}

/** The cluster against the single process: throughput per casino CPU-second and the bet p99 target. */
export function verdict(reports: RunReport[]): string {
  const single = reports.find((r) => !r.pg);
  const cluster = reports.find((r) => r.pg);
  const lines: string[] = [];
  if (cluster)
    lines.push(
      `Cluster bet round trip p99: ${cluster.betP99.toFixed(1)} ms (target under 150 ms); errors: ${cluster.errors}.`,
    );
  if (single && cluster) {
    const allIn = perCpuSecond(cluster, cluster.allInCores) / perCpuSecond(single, single.allInCores);
    lines.push(
      `Actions + bets per CPU-second, cluster / single process: ${clusterRatio(single, cluster).toFixed(2)} counting the casino processes (target 0.8 or better), ${allIn.toFixed(2)} counting the cluster's PostgreSQL backends and Redis too.`,
    );
  }
  return lines.join("\n");
}

/** Actions + bets per casino CPU-second of a cluster run over those of a single-process run. */
export function clusterRatio(single: RunReport, cluster: RunReport): number {
  return perCpuSecond(cluster, cluster.casinoCores) / perCpuSecond(single, single.casinoCores);
}

/**
 * The ratio of each pair of runs (single process, then cluster, one after the other) and their
 * mean: the machine's other work moves a single pair by more than the changes it measures.
 */
export function pairedRatios(reports: RunReport[]): string {
  const ratios: number[] = [];
  for (let i = 0; i + 1 < reports.length; i += 2) {
    const [single, cluster] = [reports[i], reports[i + 1]];
    if (single && cluster && !single.pg && cluster.pg) ratios.push(clusterRatio(single, cluster));
  }
  if (ratios.length < 2) return "";
  const mean = ratios.reduce((sum, r) => sum + r, 0) / ratios.length;
  return `Ratios of ${ratios.length} pairs of runs (single process, then cluster): ${ratios.map((r) => r.toFixed(2)).join(", ")}; mean ${mean.toFixed(2)}.`;
}

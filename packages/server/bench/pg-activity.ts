/**
 * What the load test's PostgreSQL backends are doing, sampled from `pg_stat_activity` and
 * `pg_locks` every few hundred milliseconds: how many are busy, how many wait on a row or
 * transaction lock (and in which statement), what else they wait on, and the CPU they use. The
 * casino processes connect with their own `application_name`, so other work on the same server
 * is left out.
 */
import pg from "pg";
import { cpuSeconds } from "./machine-stats.ts";

/** What the samples add up to. */
export interface PgActivityReport {
  samples: number;
  intervalMs: number;
  /** Backends in a transaction (running, waiting, or idle in transaction) per sample, on average. */
  meanBusy: number;
  /** Backends waiting on a heavyweight lock (wait_event_type 'Lock') per sample: mean and most at once. */
  meanLockWaits: number;
  maxLockWaits: number;
  /** Samples in which at least one backend waited on a lock. */
  samplesWithLockWaits: number;
  /** Not-granted rows of pg_locks held by the run's backends, summed over the samples. */
  locksNotGranted: number;
  /** Busy backend-samples by what they were doing: "running", "Lock:transactionid", "IO:WALSync", "idle in transaction", ... */
  waits: Record<string, number>;
  /** The statements seen waiting on a lock (first 70 characters), in backend-samples. */
  lockWaitStatements: Record<string, number>;
  /** The last statements of backends idle in a transaction (waiting for the casino process to send the next). */
  idleInTransactionAfter: Record<string, number>;
  /** CPU seconds used by the run's backends while sampled (from /proc; 0 when PostgreSQL runs elsewhere). */
  backendCpuSeconds: number;
}

/** A running sampler. */
export interface PgActivitySampler {
  stop(): Promise<PgActivityReport>;
}

interface ActivityRow {
  pid: number;
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
  query: string | null;
  not_granted: string;
}

const SAMPLE_SQL = `
  select a.pid, a.state, a.wait_event_type, a.wait_event,
         left(regexp_replace(a.query, '\\s+', ' ', 'g'), 70) as query,
         (select count(*) from pg_locks l where l.pid = a.pid and not l.granted) as not_granted
  from pg_stat_activity a
  where a.application_name = $1 and a.pid <> pg_backend_pid()`;

/** Starts sampling the backends whose application_name is `applicationName`. */
export async function startPgActivitySampler(
  databaseUrl: string,
  applicationName: string,
  intervalMs = 200,
): Promise<PgActivitySampler> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: "casino-loadscale-sampler",
  });
  await client.connect();
  const report: PgActivityReport = {
    samples: 0,
    intervalMs,
    meanBusy: 0,
    meanLockWaits: 0,
    maxLockWaits: 0,
    samplesWithLockWaits: 0,
    locksNotGranted: 0,
    waits: {},
    lockWaitStatements: {},
    idleInTransactionAfter: {},
    backendCpuSeconds: 0,
  };
  let busy = 0;
  let lockWaits = 0;
  // CPU per backend: the reading when first seen (backends opened later start at 0) and the latest.
  const cpuFirst = new Map<number, number>();
  const cpuLast = new Map<number, number>();
  let firstSample = true;
  const sample = async () => {
    const { rows } = await client.query<ActivityRow>(SAMPLE_SQL, [applicationName]);
    report.samples++;
    let waitingNow = 0;
    for (const row of rows) {
      const cpu = cpuSeconds(row.pid);
      if (!cpuFirst.has(row.pid)) cpuFirst.set(row.pid, firstSample ? cpu : 0);
      cpuLast.set(row.pid, cpu);
      report.locksNotGranted += Number(row.not_granted);
      if (row.state === "idle" || row.state === null) continue;
      busy++;
      const what =
        row.state === "active"
          ? row.wait_event_type
            ? `${row.wait_event_type}:${row.wait_event}`
            : "running"
          : row.state;
      report.waits[what] = (report.waits[what] ?? 0) + 1;
      if (row.state === "idle in transaction") {
        const statement = row.query ?? "?";
        report.idleInTransactionAfter[statement] = (report.idleInTransactionAfter[statement] ?? 0) + 1;
      }
      if (row.wait_event_type === "Lock") {
        waitingNow++;
        const statement = row.query ?? "?";
        report.lockWaitStatements[statement] = (report.lockWaitStatements[statement] ?? 0) + 1;
      }
    }
    firstSample = false;
    lockWaits += waitingNow;
    report.maxLockWaits = Math.max(report.maxLockWaits, waitingNow);
    if (waitingNow > 0) report.samplesWithLockWaits++;
  };
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await sample();
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, intervalMs - (performance.now() - started))),
      );
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      report.meanBusy = report.samples ? busy / report.samples : 0;
      report.meanLockWaits = report.samples ? lockWaits / report.samples : 0;
      for (const [pid, last] of cpuLast) report.backendCpuSeconds += last - (cpuFirst.get(pid) ?? 0);
      return report;
    },
  };
}

/** The busiest entries of a tally, as "name share%" text, most first. */
export function topShares(tally: Record<string, number>, count: number): string {
  const total = Object.values(tally).reduce((s, n) => s + n, 0);
  if (total === 0) return "none";
  return Object.entries(tally)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, n]) => `${name} ${Math.round((100 * n) / total)}%`)
    .join(", ");
}

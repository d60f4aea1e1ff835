/**
 * The bookkeeper's full check, on demand: checkLedgerInvariants over the whole ledger on a read
 * worker of its own (SQLite; inline and async on PostgreSQL), so it finds what the incremental
 * runs cannot see (an entry changed before their checkpoint) without holding up the event loop or
 * the dashboard's figures. One at a time per process; its report is kept as "vega:full".
 */
import { startReadRunner } from "../../db/read-worker.ts";
import type { CasinoServices } from "../../services.ts";
import { addCounters, readReport, saveReport } from "../counters.ts";
import { READ_JOBS_MODULE, readJobs } from "../read-jobs.ts";
import { alertMismatches, type BookkeepingReport, describeMismatchKey, formatTotals } from "./bookkeeper.ts";

/** The report key of the last full check. */
export const FULL_CHECK_REPORT = "vega:full";

/** A full check's report. */
export interface FullCheckReport {
  ok: boolean;
  balancesChecked: number;
  entriesChecked: number;
  transactionsChecked: number;
  mismatches: BookkeepingReport["mismatches"];
  mismatchCount: number;
  totals: BookkeepingReport["totals"];
  durationMs: number;
  startedAt: string;
  alerted: string[];
}

/** Whether a full check is running here, and the last one's report (from any process). */
export interface FullCheckStatus {
  running: boolean;
  runningSince: string | null;
  last: (Omit<FullCheckReport, "alerted"> & { checkedAt: string }) | null;
}

/** The full check of one process: at most one runs at a time. */
export interface FullLedgerCheck {
  /** Starts a full check unless one is running; `done` resolves once its report is stored. */
  start(): { started: boolean; done: Promise<void> };
  /** The full check's state for the dashboard. */
  read(): Promise<FullCheckStatus>;
  /** Waits for a full check in progress, if any (shutdown). */
  wait(): Promise<void>;
}

/** Creates the on-demand full check of a casino process. */
export function createFullLedgerCheck(services: CasinoServices): FullLedgerCheck {
  let running: { startedAt: number; done: Promise<void> } | undefined;
  return {
    start() {
      if (running) return { started: false, done: running.done };
      const startedAt = services.now();
      const done = runFullCheck(services, startedAt).finally(() => {
        running = undefined;
      });
      running = { startedAt, done };
      return { started: true, done };
    },
    async read() {
      const current = running;
      const stored = await readReport<FullCheckReport>(services.handle.db, FULL_CHECK_REPORT);
      let last: FullCheckStatus["last"] = null;
      if (stored) {
        const { alerted: _alerted, ...rest } = stored.body;
        last = { ...rest, checkedAt: new Date(stored.updatedAt).toISOString() };
      }
      return {
        running: current !== undefined,
        runningSince: current ? new Date(current.startedAt).toISOString() : null,
        last,
      };
    },
    async wait() {
      await running?.done;
    },
  };
}

async function runFullCheck(services: CasinoServices, startedAt: number): Promise<void> {
  const { db } = services.handle;
  const started = performance.now();
  const reads = startReadRunner(services.handle, READ_JOBS_MODULE, readJobs);
  try {
    const result = await reads.run("ledger.full", { dialect: services.handle.dialect });
    const [previous, incremental] = await Promise.all([
      readReport<FullCheckReport>(db, FULL_CHECK_REPORT),
      readReport<BookkeepingReport>(db, "vega"),
    ]);
    const alreadyAlerted = new Set([...(previous?.body.alerted ?? []), ...(incremental?.body.alerted ?? [])]);
    const fresh = alertMismatches(services, result.mismatches, alreadyAlerted);
    await addCounters(
      db,
      "vega",
      { fullChecks: 1, issuesDetected: fresh.length, tasksDispatched: fresh.length },
      services.now(),
    );
    const report: FullCheckReport = {
      ok: result.ok,
      balancesChecked: result.balancesChecked,
      entriesChecked: result.entriesChecked,
      transactionsChecked: result.transactionsChecked,
      mismatches: result.mismatches.slice(0, 20),
      mismatchCount: result.mismatches.length,
      totals: formatTotals(result.totals),
      durationMs: Math.round(performance.now() - started),
      startedAt: new Date(startedAt).toISOString(),
      alerted: result.mismatches.slice(0, 500).map(describeMismatchKey),
    };
    await saveReport(db, FULL_CHECK_REPORT, report, services.now());
  } catch (error) {
    services.log.error({ err: error }, "full ledger check failed");
    await addCounters(db, "vega", { failedRuns: 1 }, services.now()).catch(() => {});
  } finally {
    await reads.close();
  }
}

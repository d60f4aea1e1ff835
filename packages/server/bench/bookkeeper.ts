/**
 * The bookkeeper against large SQLite ledgers (10^6 and 10^7 entries, made once into /tmp by
 * ledger-generator.ts): time per run of the full check on the read worker, of the rebuild of the
 * running sums, and of incremental runs after a burst of bets, while bets keep arriving on the main
 * thread and its event-loop delay is sampled during each run (p50/p99 pooled over the runs of a
 * kind, max from monitorEventLoopDelay). For comparison the old way, the full check on the main
 * connection, is timed on the 10^6 ledger.
 *
 *   node bench/bookkeeper.ts [--entries 1000000,10000000] [--users 20000] [--rate 200] [--runs 10] [--burst-seconds 5] [--inline-max 1000000]
 */

import { createHistogram, monitorEventLoopDelay, performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { readCommandLine } from "@casino/protocol/cli/command-line";
import { type DatabaseHandle, openDatabase } from "../src/db/connect.ts";
import { startReadRunner } from "../src/db/read-worker.ts";
import { runSteps } from "../src/db/transaction.ts";
import { checkLedgerInvariants } from "../src/ledger/invariants.ts";
import { transferSteps } from "../src/ledger/postings.ts";
import { saveLedgerIncrement } from "../src/ledger/running-sums.ts";
import { bookkeeperDb } from "../src/ledger/running-sums-tables.ts";
import { CASINO_MIGRATIONS } from "../src/migrations.ts";
import { READ_JOBS_MODULE, readJobs } from "../src/operator/read-jobs.ts";
import { ensureLedger } from "./ledger-generator.ts";
import { percentile } from "./percentile.ts";

const { values: args } = readCommandLine({
  entries: { type: "string", default: "1000000,10000000" },
  users: { type: "string", default: "20000" },
  rate: { type: "string", default: "200" },
  runs: { type: "string", default: "10" },
  "burst-seconds": { type: "string", default: "5" },
  "inline-max": { type: "string", default: "1000000" },
});

const RESOLUTION_MS = 5;

/** One line of the result table. */
interface Row {
  ledger: string;
  what: string;
  runs: number;
  msPerRun: number;
  entriesRead: number;
  delayP50: number;
  delayP99: number;
  delayMax: number;
  betP99: number;
  /** Share of the run's wall time the main thread was busy (event-loop utilization). */
  mainBusy: number;
  /** Bets refused meanwhile (database busy). */
  betsRefused: number;
  ok: boolean;
}

/** Bets (a player against a house shard) at `rate` per second on the main thread, with their latencies. */
function startBets(handle: DatabaseHandle, users: number, rate: number) {
  const latencies: number[] = [];
  let failed = 0;
  const reasons = new Set<string>();
  let stopped = false;
  let n = 0;
  const tick = async () => {
    while (!stopped && rate > 0) {
      const started = performance.now();
      const user = `bench-user-${String(n % users).padStart(7, "0")}`;
      const house = `system:house:${n % 32}`;
      n += 1;
      void runSteps(handle, (q) =>
        transferSteps(q, {
          kind: "bet",
          userId: user,
          currency: "HC",
          moves: [
            { accountId: user, delta: -1, reason: "bet" },
            { accountId: house, delta: 1, reason: "bet" },
          ],
        }),
      ).then(
        () => latencies.push(performance.now() - started),
        (error: { code?: string; message?: string }) => {
          failed += 1; // a busy database answers at once: the bet is refused, not queued
          reasons.add(String(error.code ?? error.message).slice(0, 60));
        },
      );
      await sleep(1000 / rate);
    }
  };
  const running = tick();
  return {
    takeLatencies() {
      return latencies.splice(0);
    },
    takeFailures() {
      const n = failed;
      failed = 0;
      return n;
    },
    /** Why bets were refused (distinct error codes), for the report. */
    reasons,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/**
 * Samples the main thread's event-loop delay like monitorEventLoopDelay (a timer every
 * RESOLUTION_MS, its lateness recorded), but only while `on` is set, so the samples of all the
 * runs of one kind pool into one histogram (microseconds) and the bursts between runs stay out.
 */
function startPooledSampler() {
  const pooled = createHistogram();
  let on = false;
  let expected = performance.now() + RESOLUTION_MS;
  const timer = setInterval(() => {
    const now = performance.now();
    if (on) pooled.record(Math.max(1, Math.round((now - expected) * 1000)));
    expected = now + RESOLUTION_MS;
  }, RESOLUTION_MS);
  return {
    pooled,
    set(value: boolean) {
      on = value;
    },
    stop() {
      clearInterval(timer);
    },
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

async function benchLedger(entries: number, users: number, rows: Row[]) {
  const label = entries.toExponential(0).replace("e+", "e");
  const dir = await ensureLedger(entries, users);
  const handle = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: dir });
  const db = bookkeeperDb(handle.db);
  await db.deleteFrom("bookkeeper_state").execute();
  await db.deleteFrom("bookkeeper_sums").execute();
  const reads = startReadRunner(handle, READ_JOBS_MODULE, readJobs);
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const sampler = startPooledSampler();
  const bets = startBets(handle, users, Number(args.rate));
  const delay = (ns: number) => round1(Math.max(0, ns / 1e6 - RESOLUTION_MS));

  const measure = async (
    what: string,
    runs: number,
    run: () => Promise<{ entries: number; ok: boolean }>,
    between?: () => Promise<void>,
  ) => {
    let ms = 0;
    let read = 0;
    let ok = true;
    // Percentiles over every sample taken during the runs; the max is monitorEventLoopDelay's, worst run.
    let maxDelay = 0;
    sampler.pooled.reset();
    const betLatencies: number[] = [];
    let busy = 0;
    let refused = 0;
    for (let i = 0; i < runs; i++) {
      if (between) await between();
      bets.takeLatencies();
      bets.takeFailures();
      histogram.reset();
      await sleep(3 * RESOLUTION_MS); // the sample after a reset starts the histogram's clock
      const started = performance.now();
      const elu = performance.eventLoopUtilization();
      sampler.set(true);
      const result = await run();
      ms += performance.now() - started;
      busy += performance.eventLoopUtilization(elu).utilization / runs;
      // Lets the sampler and the bets held up by a blocked loop report before reading them.
      await sleep(50);
      sampler.set(false);
      read += result.entries;
      ok &&= result.ok;
      maxDelay = Math.max(maxDelay, delay(histogram.max));
      betLatencies.push(...bets.takeLatencies());
      refused += bets.takeFailures();
    }
    const row: Row = {
      ledger: label,
      what,
      runs,
      msPerRun: Math.round(ms / runs),
      entriesRead: Math.round(read / runs),
      delayP50: round1(sampler.pooled.percentile(50) / 1000),
      delayP99: round1(sampler.pooled.percentile(99) / 1000),
      delayMax: maxDelay,
      betP99: round1(
        percentile(
          [...betLatencies].sort((a, b) => a - b),
          99,
        ),
      ),
      mainBusy: Math.round(busy * 1000) / 1000,
      betsRefused: refused,
      ok,
    };
    rows.push(row);
    console.log(`  ${JSON.stringify(row)}`);
  };

  const bookkeeperRun = async () => {
    const increment = await reads.run("ledger.increment", { dialect: "sqlite", now: Date.now() });
    const saved = await saveLedgerIncrement(handle, increment, Date.now);
    return {
      entries: increment.report?.entriesChecked ?? 0,
      ok: (increment.report?.ok ?? false) && saved === "saved",
    };
  };

  await reads.run("figures.roundsToday", { now: Date.now() }); // starts the worker thread
  await measure("bets only (baseline)", 1, async () => {
    await sleep(3000);
    return { entries: 0, ok: true };
  });
  if (entries <= Number(args["inline-max"])) {
    await measure("full check, main connection (old)", 1, async () => {
      const report = await checkLedgerInvariants(handle.db);
      return { entries: report.entriesChecked, ok: report.ok };
    });
  }
  await measure("full check, read worker", 1, async () => {
    const report = await reads.run("ledger.full", { dialect: "sqlite" });
    return { entries: report.entriesChecked, ok: report.ok };
  });
  await measure("rebuild of running sums", 1, bookkeeperRun);
  await measure("incremental run", Number(args.runs), bookkeeperRun, () =>
    sleep(Number(args["burst-seconds"]) * 1000),
  );

  await bets.stop();
  if (bets.reasons.size > 0) console.log(`  bets refused because: ${[...bets.reasons].join(", ")}`);
  histogram.disable();
  sampler.stop();
  await reads.close();
  const after = await checkLedgerInvariants(handle.db);
  console.log(
    `  invariants after the bench: ${after.ok ? "hold" : JSON.stringify(after.mismatches.slice(0, 3))}`,
  );
  await handle.close();
}

const rows: Row[] = [];
for (const entries of args.entries.split(",").map(Number)) {
  console.log(
    `ledger of ${entries.toLocaleString("en")} entries, ${Number(args.users).toLocaleString("en")} players`,
  );
  await benchLedger(entries, Number(args.users), rows);
}
console.log(
  `\nbookkeeper on SQLite: ${args.rate} bets/s on the main thread meanwhile; event-loop delay of the main thread in ms during the runs (sampled every ${RESOLUTION_MS} ms; p50/p99 over all runs of a kind, max of the worst run)`,
);
console.table(
  rows.map((r) => ({
    ledger: r.ledger,
    run: r.what,
    "ms/run": r.msPerRun,
    "entries read": r.entriesRead,
    "delay p50": r.delayP50,
    "delay p99": r.delayP99,
    "delay max": r.delayMax,
    "bet p99 ms": r.betP99,
    "main busy": r.mainBusy,
    "bets refused": r.betsRefused,
    ok: r.ok,
  })),
);

/**
 * Settled bets per second through the round service (playRound: debit, nonce, rule, round row,
 * credit) on SQLite in one process and on PostgreSQL, with a progress line and a final table: CPU
 * per bet of this process and, on PostgreSQL, of the database backends serving it.
 *
 *   node bench/ledger.ts [--bets 20000] [--pg-bets 5000] [--users 50] [--concurrency 32] [--no-pg]
 */

import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { coins, roundFloats } from "@casino/protocol";
import { readCommandLine } from "@casino/protocol/cli/command-line";
import { type DatabaseHandle, dropPostgresSchema, openDatabase } from "../src/db/connect.ts";
import { LOCAL_POSTGRES_URL } from "../src/db/local-postgres.ts";
import { checkLedgerInvariants, grant } from "../src/ledger/ledger.ts";
import { CASINO_MIGRATIONS } from "../src/migrations.ts";
import { playRound } from "../src/rounds/rounds.ts";
import { type PgActivitySampler, startPgActivitySampler } from "./pg-activity.ts";

const { values: args } = readCommandLine({
  bets: { type: "string", default: "20000" },
  "pg-bets": { type: "string", default: "5000" },
  users: { type: "string", default: "50" },
  concurrency: { type: "string", default: "32" },
  "no-pg": { type: "boolean", default: false },
  "pg-url": {
    type: "string",
    default: process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL,
  },
});

/** One row of the final table. */
interface BenchRow {
  database: string;
  bets: number;
  seconds: number;
  perSecond: number;
  /** This process's CPU time per bet (all threads): what a bet costs when the cores are shared. */
  cpuMicrosPerBet: number;
  /** PostgreSQL's CPU time per bet, in the backends of this run's connections (0 on SQLite). */
  dbCpuMicrosPerBet: number;
  refused: number;
  invariants: string;
}

/** A dice-like one-shot rule: two floats from the round's stream, even money on a little under half. */
function decideEvenMoney(stake: number) {
  return (fair: { serverSeed: string; clientSeed: string; nonce: number }) => {
    const [f0 = 0, f1 = 0] = roundFloats(fair.serverSeed, fair.clientSeed, fair.nonce, 2);
    const win = f0 < 0.486 ? stake * 2 : 0;
    return { win, outcome: { f0, f1 } };
  };
}

/** Plays `total` bets from `users` wallets with `concurrency` bets in flight, printing progress. */
async function runBench(
  label: string,
  handle: DatabaseHandle,
  total: number,
  users: number,
  concurrency: number,
  sample?: () => Promise<PgActivitySampler>,
) {
  const ids = Array.from({ length: users }, (_, i) => `bench-user-${i}`);
  for (const userId of ids)
    await grant(handle, { userId, currency: "HC", amount: coins(10_000_000), reason: "adjustment" });
  const stake = coins(1);
  let started = 0;
  let done = 0;
  let refused = 0;
  const sampler = await sample?.();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let lastPrint = t0;
  const worker = async (w: number) => {
    while (started < total) {
      const n = started++;
      const userId = ids[(n + w) % ids.length] as string;
      const result = await playRound(handle, {
        userId,
        gameType: "dice",
        currency: "HC",
        stake,
        input: { betType: "low" },
        decide: decideEvenMoney(stake),
      });
      if (!result.ok) refused++;
      done++;
      const now = performance.now();
      if (now - lastPrint > 1000) {
        lastPrint = now;
        const rate = Math.round(done / ((now - t0) / 1000));
        process.stderr.write(`\r${label}: ${done}/${total} bets, ${rate.toLocaleString("en")} bets/s   `);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const db = await sampler?.stop();
  process.stderr.write(
    `\r${label}: ${done}/${total} bets done in ${seconds.toFixed(2)} s${" ".repeat(20)}\n`,
  );
  const report = await checkLedgerInvariants(handle.db);
  const row: BenchRow = {
    database: label,
    bets: done,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(done / seconds),
    cpuMicrosPerBet: Math.round((cpu.user + cpu.system) / done),
    dbCpuMicrosPerBet: Math.round(((db?.backendCpuSeconds ?? 0) * 1e6) / done),
    refused,
    invariants: report.ok ? `ok (${report.entriesChecked} entries)` : `BROKEN: ${report.mismatches.length}`,
  };
  return row;
}

/** SQLite: a fresh file in a temporary folder, one process, deleted afterwards. */
async function benchSqlite(bets: number, users: number, concurrency: number): Promise<BenchRow> {
  const dir = mkdtempSync(join(tmpdir(), "casino-bench-"));
  const handle = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: dir });
  try {
    return await runBench("sqlite", handle, bets, users, concurrency);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** PostgreSQL: a schema of its own, dropped afterwards. */
async function benchPostgres(
  url: string,
  bets: number,
  users: number,
  concurrency: number,
): Promise<BenchRow> {
  const schema = `casino_bench_${process.pid}_${Date.now()}`;
  const applicationName = `casino-bench-ledger-${process.pid}`;
  const named = `${url}${url.includes("?") ? "&" : "?"}application_name=${applicationName}`;
  const handle = await openDatabase({
    migrations: CASINO_MIGRATIONS,
    dataDir: tmpdir(),
    databaseUrl: named,
    pgSchema: schema,
    poolSize: 16,
  });
  try {
    return await runBench("postgres", handle, bets, users, concurrency, () =>
      startPgActivitySampler(url, applicationName, 100),
    );
  } finally {
    await handle.close();
    await dropPostgresSchema(url, schema);
  }
}

const users = Number(args.users);
const concurrency = Number(args.concurrency);
const rows: BenchRow[] = [await benchSqlite(Number(args.bets), users, concurrency)];
if (!args["no-pg"]) {
  try {
    rows.push(await benchPostgres(args["pg-url"], Number(args["pg-bets"]), users, concurrency));
  } catch (error) {
    process.stderr.write(`postgres skipped: ${(error as Error).message}\n`);
  }
}
const [load1 = 0] = loadavg();
console.log(
  `\nsettled bets per second through playRound (${users} users, ${concurrency} in flight, ${cpus().length} cores, load average ${load1.toFixed(1)})`,
);
console.table(rows);

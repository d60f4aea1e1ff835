/**
 * Scale-out load test: `pnpm loadtest:scale -- [--poker 600] [--players 200] [--seconds 60]
 * [--bet-interval-ms 1000] [--between-hands-ms 300] [--processes 3] [--only single|cluster]
 * [--pairs 1] [--profile DIR] [--quiet-load 2] [--write ../../docs/SCALE.md]`.
 * Runs the same load twice: one casino process on SQLite, then N processes on PostgreSQL + Redis
 * (RedisPresence/RedisDriver, the cluster's rate limiter and table directory). The load: poker
 * players (the `pnpm loadtest` players, six to a table, tables spread over the processes, each
 * table's room joined through another process than its host) plus single-player clients betting
 * dice in their game rooms every --bet-interval-ms. A live progress line, then a report per run:
 * hands/s, bets/s, action and bet round trips p50/p99, errors, memory and CPU per process,
 * throughput per CPU-second of the casino processes, the cluster's PostgreSQL lock waits (sampled
 * from pg_stat_activity and pg_locks) and its round trips to PostgreSQL per second and per action
 * or bet (counted in each casino process), the other work on the machine, and the ledger check.
 * --pairs N runs the two N times, alternating, and reports each pair's ratio and their mean (the
 * table shows the last pair). --write puts the comparison into docs/SCALE.md between its markers.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { numberOption, readCommandLine } from "@casino/protocol/cli/command-line";
import { sql } from "kysely";
import { type DatabaseHandle, dropPostgresSchema, openDatabase } from "../src/db/connect.ts";
import { localPostgresUrl } from "../src/db/local-postgres.ts";
import { retryStart } from "../src/db/retry-start.ts";
import { checkLedgerInvariants } from "../src/ledger/ledger.ts";
import { CASINO_MIGRATIONS } from "../src/migrations.ts";
import { TABLE_KINDS } from "../src/poker/catalogue.ts";
import { pokerDb } from "../src/poker/db.ts";
import { createTableOfKind } from "../src/poker/tables-store.ts";
import { deleteKeysWithPrefix, openRedis } from "../src/scale/redis-client.ts";
import { pairedRatios, type RunReport, toMarkdown, verdict } from "./loadtest-scale-report.ts";
import {
  cpuSeconds,
  cpuSecondsOf,
  machineBusySeconds,
  measureEventLoopLag,
  waitForQuietMachine,
} from "./machine-stats.ts";
import { percentile } from "./percentile.ts";
import { startPgActivitySampler } from "./pg-activity.ts";
import { rssMb, seatPokerPlayers } from "./poker-load-clients.ts";
import { startBettorProcess } from "./scale-bettors.ts";
import { findFreePort, type ScaleNode, startScaleNode } from "./scale-node.ts";

/** The command line. */
function readArgs() {
  const { values } = readCommandLine({
    poker: { type: "string" },
    players: { type: "string" },
    seconds: { type: "string" },
    "bet-interval-ms": { type: "string" },
    "between-hands-ms": { type: "string" },
    processes: { type: "string" },
    only: { type: "string" },
    pairs: { type: "string" },
    "quiet-load": { type: "string" },
    profile: { type: "string" },
    write: { type: "string" },
  });
  return {
    poker: Math.floor(numberOption(values.poker, "poker", 600)),
    players: Math.floor(numberOption(values.players, "players", 200)),
    seconds: numberOption(values.seconds, "seconds", 60),
    betIntervalMs: numberOption(values["bet-interval-ms"], "bet-interval-ms", 1000),
    betweenHandsMs: numberOption(values["between-hands-ms"], "between-hands-ms", 300),
    processes: Math.max(1, Math.floor(numberOption(values.processes, "processes", 3))),
    only: values.only,
    pairs: Math.max(1, Math.floor(numberOption(values.pairs, "pairs", 1))),
    quietLoad: numberOption(values["quiet-load"], "quiet-load", 0),
    profile: values.profile,
    write: values.write,
  };
}
type Args = ReturnType<typeof readArgs>;

/** One run: start the stores and processes, seat and start the clients, measure, stop, check. */
async function runScenario(args: Args, cluster: boolean): Promise<RunReport> {
  const name = cluster ? `${args.processes} processes, PostgreSQL + Redis` : "1 process, SQLite";
  await waitForQuietMachine(args.quietLoad);
  const processes = cluster ? args.processes : 1;
  const dataDir = mkdtempSync(join(tmpdir(), "casino-loadscale-"));
  const databaseUrl = cluster ? (process.env.DATABASE_URL ?? localPostgresUrl()) : undefined;
  const pgSchema = cluster ? `casino_loadscale_${process.pid}` : undefined;
  const prefix = `casino_loadscale_${process.pid}:`;
  const redisBase = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/0";
  const redisUrl = cluster
    ? `${redisBase}${redisBase.includes("?") ? "&" : "?"}keyPrefix=${prefix}`
    : undefined;
  // The casino processes name their PostgreSQL connections, so the sampler sees only theirs.
  const applicationName = `casino-loadscale-${process.pid}`;
  const nodeDatabaseUrl = databaseUrl
    ? `${databaseUrl}${databaseUrl.includes("?") ? "&" : "?"}application_name=${applicationName}`
    : undefined;

  // The tables exist before the players come: table t is opened by process t % N (its first join).
  const tableCount = Math.ceil(args.poker / 6);
  const setupDb = await openDatabase({
    migrations: CASINO_MIGRATIONS,
    dataDir,
    ...(databaseUrl ? { databaseUrl, pgSchema } : {}),
    backgroundCheckpoints: false,
  });
  const tableIds: string[] = [];
  const template = TABLE_KINDS.house;
  if (!template) throw new Error("no house table kind");
  for (let t = 0; t < tableCount; t++)
    tableIds.push((await createTableOfKind(setupDb.db, template, Date.now())).id);

  const nodeArgs = args.profile ? ["--cpu-prof", `--cpu-prof-dir=${args.profile}`] : [];
  const nodes: ScaleNode[] = [];
  try {
    for (let i = 0; i < processes; i++) {
      nodes.push(
        await retryStart(
          async () =>
            startScaleNode(
              {
                port: await findFreePort(),
                dataDir,
                betweenHandsMs: args.betweenHandsMs,
                ...(nodeDatabaseUrl ? { databaseUrl: nodeDatabaseUrl, pgSchema } : {}),
                ...(redisUrl ? { redisUrl, nodeId: `loadscale-${i + 1}` } : {}),
              },
              nodeArgs,
            ),
          (error) => console.log(`a server process did not start (${String(error)}); trying again`),
        ),
      );
    }
    const urls = nodes.map((n) => n.url);
    const pids = nodes.map((n) => n.child.pid as number);
    console.log(`\n${name}: ${urls.join(" ")}`);

    const setupStarted = performance.now();
    const { players, stats } = await seatPokerPlayers(args.poker, 25, (i) => {
      const table = Math.floor(i / 6);
      return {
        apiUrl: urls[table % processes] as string,
        roomUrl: urls[(i + 1) % processes] as string,
        tableId: tableIds[table] as string,
      };
    });
    // Bettor j connects through process j mod N and bets through process j + 2 mod N.
    const bettors = await startBettorProcess({
      apiUrls: urls,
      roomUrls: urls.map((_, j) => urls[(j + 2) % processes] as string),
      count: args.players,
      betIntervalMs: args.betIntervalMs,
    });
    console.log(
      `${name}: ${players.length} poker players at ${new Set(players.map((p) => p.tableId)).size} tables and ${bettors.count} bettors ready in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    const endedHands = async () =>
      Number(
        (
          await pokerDb(setupDb.db)
            .selectFrom("poker_hands")
            .select(sql<number>`count(*)`.as("n"))
            .where("status", "=", "ended")
            .executeTakeFirstOrThrow()
        ).n,
      );
    const cpuAt = () => ({
      servers: pids.map(cpuSeconds),
      load: cpuSeconds(process.pid) + cpuSeconds(bettors.pid),
      redis: cpuSecondsOf("redis-server"),
      postgres: cpuSecondsOf("postgres"),
      machine: machineBusySeconds(),
    });
    const loadAtStart = loadavg()[0] ?? 0;
    const handsAtStart = await endedHands();
    const sampler = databaseUrl ? await startPgActivitySampler(databaseUrl, applicationName) : undefined;
    await Promise.all(nodes.map((n) => n.takeRoundTrips()));
    const cpuStart = cpuAt();
    const lag = measureEventLoopLag();
    stats.measuring = true;
    bettors.measure();
    const started = performance.now();
    const peak = pids.map(rssMb);
    while (performance.now() - started < args.seconds * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const elapsed = (performance.now() - started) / 1000;
      const hands = (await endedHands()) - handsAtStart;
      const rtt = [...stats.latencies].sort((a, b) => a - b);
      const rss = pids.map(rssMb);
      rss.forEach((mb, i) => {
        peak[i] = Math.max(peak[i] ?? 0, mb);
      });
      process.stdout.write(
        `\r${elapsed.toFixed(0).padStart(4)} s  hands ${(hands / elapsed).toFixed(1)}/s  ` +
          `action p50 ${percentile(rtt, 50).toFixed(1)} p99 ${percentile(rtt, 99).toFixed(1)} ms  errors ${stats.errors}  ` +
          `RSS ${rss.map((mb) => mb.toFixed(0)).join("/")} MB   `,
      );
    }
    stats.measuring = false;
    const betStats = await bettors.finish();
    const seconds = (performance.now() - started) / 1000;
    const pokerClientLag = lag.stop();
    const hands = (await endedHands()) - handsAtStart;
    const cpuEnd = cpuAt();
    const roundTrips = sumCounts(await Promise.all(nodes.map((n) => n.takeRoundTrips())));
    const pgReport = await sampler?.stop();
    process.stdout.write("\n");

    await bettors.stop();
    await Promise.all(players.map((p) => p.room?.leave().catch(() => undefined)));
    await Promise.all(
      nodes.map((n) => new Promise((resolve) => n.child.once("exit", resolve).kill("SIGTERM"))),
    );
    const ledger = await checkLedgerInvariants(setupDb.db);
    await closeStores(setupDb, databaseUrl, pgSchema, redisBase, prefix, dataDir);

    const rtt = [...stats.latencies].sort((a, b) => a - b);
    const bets = [...betStats.latencies].sort((a, b) => a - b);
    const used = (from: number, to: number) => Number(((to - from) / seconds).toFixed(2));
    const casinoSeconds = pids.reduce(
      (s, _, i) => s + (cpuEnd.servers[i] ?? 0) - (cpuStart.servers[i] ?? 0),
      0,
    );
    const redisSeconds = cluster ? cpuEnd.redis - cpuStart.redis : 0;
    // The run's own work: its processes, and for the cluster all of PostgreSQL (its background writers too) and Redis.
    const postgresSeconds = cluster ? cpuEnd.postgres - cpuStart.postgres : 0;
    const runSeconds = casinoSeconds + (cpuEnd.load - cpuStart.load) + postgresSeconds + redisSeconds;
    return {
      name,
      clients: players.length + bettors.count,
      tables: tableCount,
      seconds,
      hands,
      actions: stats.actions,
      bets: betStats.bets,
      actionP50: percentile(rtt, 50),
      actionP99: percentile(rtt, 99),
      betP50: percentile(bets, 50),
      betP99: percentile(bets, 99),
      errors: stats.errors + Object.values(betStats.errorKinds).reduce((sum, n) => sum + n, 0),
      errorKinds: { ...Object.fromEntries(stats.errorKinds), ...betStats.errorKinds },
      generatorLag: { pokerClients: pokerClientLag, bettors: betStats.lag },
      rssMb: peak,
      cpu: {
        ...Object.fromEntries(
          pids.map((_, i) => [`casino ${i + 1}`, used(cpuStart.servers[i] ?? 0, cpuEnd.servers[i] ?? 0)]),
        ),
        "load generator": used(cpuStart.load, cpuEnd.load),
        "redis-server": used(cpuStart.redis, cpuEnd.redis),
        postgres: used(cpuStart.postgres, cpuEnd.postgres),
      },
      casinoCores: casinoSeconds / seconds,
      allInCores: (casinoSeconds + (pgReport?.backendCpuSeconds ?? 0) + redisSeconds) / seconds,
      otherCores: Math.max(0, (cpuEnd.machine - cpuStart.machine - runSeconds) / seconds),
      ...(pgReport ? { pg: pgReport } : {}),
      roundTrips,
      ledgerOk: ledger.ok,
      load: [loadAtStart, loadavg()[0] ?? 0],
    };
  } catch (error) {
    // A run that fails half way still stops its processes and removes its schema and keys.
    for (const node of nodes) node.child.kill("SIGKILL");
    await closeStores(setupDb, databaseUrl, pgSchema, redisBase, prefix, dataDir).catch(() => undefined);
    throw error;
  }
}

/** Counts by label, added up over the processes. */
function sumCounts(all: Record<string, number>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const counts of all)
    for (const [label, n] of Object.entries(counts)) sum[label] = (sum[label] ?? 0) + n;
  return sum;
}

/** Closes the bench's connection and removes what the run created. */
async function closeStores(
  handle: DatabaseHandle,
  databaseUrl: string | undefined,
  pgSchema: string | undefined,
  redisBase: string,
  prefix: string,
  dataDir: string,
) {
  await handle.close();
  if (databaseUrl && pgSchema) {
    await dropPostgresSchema(databaseUrl, pgSchema);
    const redis = openRedis(redisBase, "casino-loadscale-cleanup");
    await deleteKeysWithPrefix(redis, prefix);
    redis.disconnect();
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/** Runs the scenarios and prints (and optionally writes) the comparison. */
async function main() {
  const args = readArgs();
  console.log(
    `loadtest:scale: ${args.poker} poker players + ${args.players} bettors (1 bet per ${args.betIntervalMs} ms), ${args.seconds} s per run`,
  );
  const reports: RunReport[] = [];
  for (let pair = 0; pair < args.pairs; pair++) {
    for (const cluster of [false, true]) {
      if (args.only === (cluster ? "single" : "cluster")) continue;
      const report = await runScenario(args, cluster);
      reports.push(report);
      console.log(`\n${toMarkdown([report])}`);
    }
  }
  const last = reports.slice(args.only ? -1 : -2);
  const paired = pairedRatios(reports);
  const table = `${toMarkdown(last)}\n\n${verdict(last)}${paired ? `\n${paired}` : ""}`;
  console.log(`\n${table}`);
  for (const r of last) if (r.pg) console.log(`\n${r.name}, PostgreSQL samples: ${JSON.stringify(r.pg)}`);
  if (args.write) {
    const file = args.write;
    const text = readFileSync(file, "utf8");
    const start = "<!-- loadtest:scale results -->";
    const end = "<!-- /loadtest:scale results -->";
    const i = text.indexOf(start);
    const j = text.indexOf(end);
    if (i < 0 || j < i) throw new Error(`${file} has no ${start} ... ${end} markers`);
    const stamp = `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC with \`./casino loadtest:scale -- --poker ${args.poker} --players ${args.players} --seconds ${args.seconds}${args.pairs > 1 ? ` --pairs ${args.pairs}` : ""}\`.`;
    writeFileSync(file, `${text.slice(0, i + start.length)}\n${stamp}\n\n${table}\n${text.slice(j)}`);
    console.log(`written to ${file}`);
  }
  process.exit(reports.every((r) => r.ledgerOk) ? 0 : 1);
}

await main();

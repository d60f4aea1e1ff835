/**
 * Poker load test: `pnpm loadtest -- --clients 600 [--seconds 30] [--between-hands-ms 300]
 * [--server-heap-mb 256] [--profile file.cpuprofile]` (0 keeps Node's default heap limit).
 * Starts a casino in a child process (so its memory is measured alone), connects N demo players
 * over REST, seats them six to a table (full tables open new ones: N/6 tables), joins each to its
 * table's room with @colyseus/sdk, and lets everyone act as soon as it is their turn. Prints a live
 * progress line and a final report: hands per second, action round trip (action sent -> the state
 * patch that shows it) p50/p99, errors, the server's CPU time per action and its resident memory,
 * and the load client's own CPU and event-loop delay (which every round trip it measures includes).
 * With `--profile` the server's CPU is profiled over the measured window only, the profile is
 * written to the file and its top functions by self time are printed.
 */

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { numberOption, readCommandLine } from "@casino/protocol/cli/command-line";
import { startChildCasino } from "../src/poker/child-server.ts";
import { topSelfTime } from "./cpu-profile.ts";
import { measureEventLoopLag } from "./machine-stats.ts";
import { percentile } from "./percentile.ts";
import { rssMb, seatPokerPlayers } from "./poker-load-clients.ts";

/** CPU seconds a process has used in user and kernel mode (Linux /proc; 100 ticks per second). */
function cpuSeconds(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** The command line. */
function readArgs() {
  const { values } = readCommandLine({
    clients: { type: "string" },
    seconds: { type: "string" },
    "between-hands-ms": { type: "string" },
    concurrency: { type: "string" },
    "server-heap-mb": { type: "string" },
    profile: { type: "string" },
  });
  return {
    clients: Math.floor(numberOption(values.clients, "clients", 600)),
    seconds: numberOption(values.seconds, "seconds", 30),
    betweenHandsMs: numberOption(values["between-hands-ms"], "between-hands-ms", 300),
    concurrency: Math.floor(numberOption(values.concurrency, "concurrency", 25)),
    /** Old-space limit of the server process (MB); 0 keeps Node's default. */
    serverHeapMb: Math.floor(numberOption(values["server-heap-mb"], "server-heap-mb", 256)),
    /** Where the server's CPU profile of the measured window goes (none when absent). */
    profile: values.profile === undefined ? null : resolve(values.profile),
  };
}

const args = readArgs();
if (args.profile) {
  rmSync(args.profile, { force: true });
  mkdirSync(dirname(args.profile), { recursive: true });
}
const dataDir = mkdtempSync(join(tmpdir(), "casino-loadtest-"));
const server = await startChildCasino({
  dataDir,
  poker: { bots: false, autoStartDelayMs: args.betweenHandsMs, runoutDelayMs: 50, actionTimeoutMs: 20_000 },
  ...(process.env.LOADTEST_MEMORY_LOG ? { memoryLogMs: 5000 } : {}),
  ...(args.profile ? { profileFile: args.profile } : {}),
  nodeArgs: [
    ...(args.serverHeapMb > 0 ? [`--max-old-space-size=${args.serverHeapMb}`] : []),
    ...(process.env.LOADTEST_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean),
  ],
});
const serverPid = server.process.pid!;
console.log(
  `loadtest: server pid ${serverPid} at ${server.url}; ${args.clients} clients, ${args.seconds} s, ` +
    `${args.betweenHandsMs} ms between hands, server heap ${args.serverHeapMb || "default"} MB`,
);

const setupStarted = performance.now();
const { players, stats } = await seatPokerPlayers(args.clients, args.concurrency, () => ({
  apiUrl: server.url,
  roomUrl: server.url,
  tableId: "house-alpha",
}));
const tables = new Set(players.map((p) => p.tableId));
console.log(
  `loadtest: ${players.length} players seated at ${tables.size} tables in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
);

async function handsPlayed(): Promise<number> {
  // Bounded: a load test that cannot read the tables says so instead of playing on unmeasured.
  const response = await fetch(`${server.url}/api/poker/tables`, { signal: AbortSignal.timeout(10_000) });
  const list = (await response.json()) as { handNumber: number }[];
  return list.reduce((sum, t) => sum + t.handNumber, 0);
}

const handsAtStart = await handsPlayed();
const cpuAtStart = cpuSeconds(serverPid);
const clientCpuAtStart = process.cpuUsage();
// Every round trip the clients measure includes their own event loop's lag: printed beside it.
const clientLag = measureEventLoopLag();
if (args.profile) process.kill(serverPid, "SIGUSR2");
stats.measuring = true;
const started = performance.now();
let peakRss = rssMb(serverPid);
while (performance.now() - started < args.seconds * 1000) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const elapsed = (performance.now() - started) / 1000;
  const hands = (await handsPlayed()) - handsAtStart;
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const rss = rssMb(serverPid);
  peakRss = Math.max(peakRss, rss);
  process.stdout.write(
    `\r${elapsed.toFixed(0).padStart(4)} s  hands ${hands} (${(hands / elapsed).toFixed(1)}/s)  actions ${stats.actions}  ` +
      `rtt p50 ${percentile(sorted, 50).toFixed(1)} ms p99 ${percentile(sorted, 99).toFixed(1)} ms  errors ${stats.errors}  server RSS ${rss.toFixed(0)} MB   `,
  );
}
stats.measuring = false;
const clientLoop = clientLag.stop();
const elapsed = (performance.now() - started) / 1000;
const hands = (await handsPlayed()) - handsAtStart;
const sorted = [...stats.latencies].sort((a, b) => a - b);
const finalRss = rssMb(serverPid);
const cpuAtEnd = cpuSeconds(serverPid);
const clientCpu = process.cpuUsage(clientCpuAtStart);
const clientCpuSeconds = (clientCpu.user + clientCpu.system) / 1e6;
const serverUser = cpuAtEnd.user - cpuAtStart.user;
const serverSystem = cpuAtEnd.system - cpuAtStart.system;
const serverCpu = serverUser + serverSystem;
const perAction = (seconds: number) => ((1000 * seconds) / Math.max(1, stats.actions)).toFixed(3);
process.stdout.write("\n");
if (args.profile) await collectProfile(args.profile);

const leaving = Promise.all(players.map((player) => player.room?.leave().catch(() => undefined)));
await Promise.race([leaving, new Promise((resolve) => setTimeout(resolve, 10_000))]);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

/** Stops the server's profiler, waits for the file and prints the top functions by self time. */
async function collectProfile(file: string): Promise<void> {
  process.kill(serverPid, "SIGUSR2");
  const deadline = Date.now() + 30_000;
  while (!existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (!existsSync(file)) {
    console.log("loadtest: the server wrote no profile");
    return;
  }
  console.log(`\nserver CPU profile of the measured window: ${file}\n  self time  function`);
  for (const row of topSelfTime(file, 25))
    console.log(`  ${(100 * row.share).toFixed(1).padStart(5)}%  ${row.name}`);
}

const rows: [string, string][] = [
  ["clients", String(players.length)],
  ["tables", String(tables.size)],
  ["measured", `${elapsed.toFixed(1)} s`],
  ["hands", `${hands} (${(hands / elapsed).toFixed(1)} hands/s)`],
  ["actions", `${stats.actions} (${(stats.actions / elapsed).toFixed(0)}/s)`],
  [
    "state patches received",
    `${stats.patches} (${(stats.patches / Math.max(1, stats.actions)).toFixed(2)} per action, all clients)`,
  ],
  ["action round trip p50", `${percentile(sorted, 50).toFixed(1)} ms`],
  ["action round trip p99", `${percentile(sorted, 99).toFixed(1)} ms`],
  ["action round trip max", `${(sorted[sorted.length - 1] ?? 0).toFixed(1)} ms`],
  [
    "errors",
    `${stats.errors}${stats.errorKinds.size ? ` ${JSON.stringify(Object.fromEntries(stats.errorKinds))}` : ""}`,
  ],
  ["rebuys after busting", String(stats.rejoins)],
  [
    "server CPU",
    `${((100 * serverCpu) / elapsed).toFixed(0)}% of a core, ${perAction(serverCpu)} ms per action`,
  ],
  ["server CPU per action", `user ${perAction(serverUser)} ms + kernel ${perAction(serverSystem)} ms`],
  ["server RSS (end / peak)", `${finalRss.toFixed(0)} MB / ${peakRss.toFixed(0)} MB`],
  // The clients share one process: near a whole core, they (not the server) set the round trip.
  [
    "load client CPU",
    `${((100 * clientCpuSeconds) / elapsed).toFixed(0)}% of a core, ${perAction(clientCpuSeconds)} ms per action`,
  ],
  [
    "load client loop delay",
    `p50 ${clientLoop.p50.toFixed(1)} ms, p99 ${clientLoop.p99.toFixed(1)} ms (inside every round trip above)`,
  ],
  ["load client RSS", `${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`],
  ["machine load (1 min)", loadavg()[0]!.toFixed(2)],
];
console.log("\npoker load test");
for (const [name, value] of rows) console.log(`  ${name.padEnd(26)} ${value}`);
process.exit(0);

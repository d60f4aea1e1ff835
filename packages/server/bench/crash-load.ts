/**
 * `node bench/crash-load.ts --players 5000 --processes 4`: many scripted players (the SDK's demo
 * sessions and room client) in one HC round of Supernova. The casino runs in this process; the
 * players run in `--processes` child processes (crash-load-clients.ts), so this process's CPU and
 * memory are the server's. Every player bets 1 HC at once; half of them cash out at seeded
 * multipliers before the crash (the test chain's round 1 flies to 5.02x, about 27 s). Prints the
 * bet and cash-out round trips (p50, p99), the frames each client got in the round, the server's
 * CPU per bet (the betting burst) and per cash-out (the whole flight, losses and frames included),
 * the transactions the writes took, the event loop's delay and the server's memory. Beside the
 * players' round trips it prints the server's own time per bet and cash-out, from the request's
 * arrival in the room to its answer. With at least 2 cores the players' processes are pinned with
 * taskset to the last core (`--pin players`, the default: the casino may run on any core, so other
 * work on the machine does not hold it on one; `--pin cores` keeps the casino off the players' core;
 * `--pin none` shares them), so 5,000 players cannot crowd the casino off every core.
 */
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { readCommandLine } from "../../protocol/src/cli/command-line.ts";
import { TEST_CHAIN } from "../src/crash/engine.test-helpers.ts";
import type { CrashFrame } from "../src/crash/engine.ts";
import { startBenchCasino } from "./bench-server.ts";
import type { ClientsOrder, ClientsReport } from "./crash-load-clients.ts";
import { percentile } from "./percentile.ts";
import { watchStalls } from "./stalls.ts";

const { values } = readCommandLine({
  players: { type: "string", default: "500" },
  processes: { type: "string", default: "4" },
  pin: { type: "string", default: "players" },
});
const players = Number(values.players);
const processes = Math.max(1, Math.min(players, Number(values.processes)));
/**
 * The cores of the casino and of the players when pinned (taskset lists; the casino's undefined
 * with `--pin players`: it may run on any core, the players on the last alone), else undefined.
 */
const cores = availableParallelism();
const pinModes = ["cores", "players", "none"];
if (!pinModes.includes(String(values.pin))) throw new Error(`--pin takes ${pinModes.join(", ")}`);
const pinned =
  values.pin === "none" || cores < 2
    ? undefined
    : { casino: values.pin === "cores" ? `0-${cores - 2}` : undefined, players: String(cores - 1) };
if (pinned?.casino)
  execFileSync("taskset", ["-a", "-cp", pinned.casino, String(process.pid)], { stdio: "ignore" });
const dataDir = mkdtempSync(join(tmpdir(), "casino-crash-load-"));
// The betting phase lasts until every player has joined and bet: then the casino's clock skips to
// the flight's start.
let skipped = 0;
/** The server's own times, from a request's arrival in the room to its answer. */
const served = { bet: [] as number[], cashOut: [] as number[] };
const casino = await startBenchCasino(dataDir, {
  now: () => Date.now() + skipped,
  crash: {
    chainLength: TEST_CHAIN.length,
    testChain: TEST_CHAIN,
    bettingMs: 3_600_000,
    tickMs: 20,
    onAnswer: (action, ms) => served[action].push(ms),
  },
});
await casino.services.crash.ready();
const engine = casino.services.crash.engine("HC");
if (!engine) throw new Error("this process does not host the HC rounds");

/** The reports of the children, by kind. */
const reports = new Map<ClientsReport["kind"], ClientsReport[]>();
const waiters = new Map<ClientsReport["kind"], () => void>();
const children: ChildProcess[] = [];
const script = new URL("./crash-load-clients.ts", import.meta.url).pathname;
for (let i = 0; i < processes; i++) {
  const first = Math.floor((i * players) / processes);
  const count = Math.floor(((i + 1) * players) / processes) - first;
  const child = fork(script, ["--url", casino.url, "--players", String(count), "--first", String(first)], {
    // A profile of the bench (--cpu-prof) is the server's alone; pinned, taskset starts Node.
    ...(pinned
      ? { execPath: "taskset", execArgv: ["-c", pinned.players, process.execPath] }
      : { execArgv: [] }),
  });
  child.on("message", (report: ClientsReport | string) => {
    if (typeof report !== "object") return; // Colyseus's own "ready"
    const list = reports.get(report.kind) ?? [];
    list.push(report);
    reports.set(report.kind, list);
    if (list.length === processes) waiters.get(report.kind)?.();
  });
  children.push(child);
}

/** Resolves when every child sent a report of `kind`; returns them. */
async function fromAll<K extends ClientsReport["kind"]>(
  kind: K,
): Promise<Extract<ClientsReport, { kind: K }>[]> {
  if ((reports.get(kind)?.length ?? 0) < processes)
    await new Promise<void>((resolve) => waiters.set(kind, resolve));
  return reports.get(kind) as Extract<ClientsReport, { kind: K }>[];
}
const tell = (order: ClientsOrder) => {
  for (const child of children) child.send(order);
};

const joinStart = performance.now();
await fromAll("joined");
console.log(`${players} players joined in ${((performance.now() - joinStart) / 1000).toFixed(0)} s`);
if (engine.phase !== "betting") throw new Error("the betting phase ended before everyone joined");

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 200);
const betLoop = monitorEventLoopDelay({ resolution: 5 });
betLoop.enable();
const writesBefore = { ...engine.writes.counts };
const cpuBets = process.cpuUsage();
tell({ kind: "bet" });
const bets = await fromAll("bets");
const betCpu = process.cpuUsage(cpuBets);
betLoop.disable();
const betWrites = engine.writes.counts.transactions - writesBefore.transactions;
skipped = Math.max(0, engine.snapshot().startsAt - Date.now());
const betsLargest = engine.writes.counts.largest;

/** Where the flight ended and whether the round's payout cap ended it. */
let ending = { endedAt: 0, capped: false };
const crashed = new Promise<void>((resolve) => {
  const stop = engine.subscribe((frame: CrashFrame) => {
    if (frame.type !== "crash") return;
    ending = { endedAt: frame.body.endedAt, capped: frame.body.capped };
    stop();
    resolve();
  });
});
await new Promise<void>((resolve) => {
  const stop = engine.subscribe((frame: CrashFrame) => {
    if (frame.type !== "flight") return;
    stop();
    resolve();
  });
});
const flightWrites = { ...engine.writes.counts };
const flightLoop = monitorEventLoopDelay({ resolution: 5 });
flightLoop.enable();
const stalls = watchStalls(() => engine.phase);
const cpuFlight = process.cpuUsage();
const [cashOuts] = await Promise.all([fromAll("cashOuts"), crashed]);
const flightCpu = process.cpuUsage(cpuFlight);
const flightTransactions = engine.writes.counts.transactions - flightWrites.transactions;
const flightSettled = engine.writes.counts.writes - flightWrites.writes;
flightLoop.disable();
stalls.stop();
clearInterval(sampler);
const memory = process.memoryUsage();
await new Promise((resolve) => setTimeout(resolve, 500));
tell({ kind: "report" });
const frameReports = await fromAll("frames");
const frames = frameReports.flatMap((r) => r.frames).sort((a, b) => a - b);
const frameBytes = frameReports.flatMap((r) => r.bytes).sort((a, b) => a - b);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const betTimes = sorted(bets.flatMap((r) => r.times));
const cashTimes = sorted(cashOuts.flatMap((r) => r.times));
const paidTimes = sorted(cashOuts.flatMap((r) => r.paidTimes));
const servedBets = sorted(served.bet);
const servedCashOuts = sorted(served.cashOut);
/** Refusals summed over the children: their count and "code n" for each code. */
const refusals = (reports: { refused: Record<string, number> }[]) => {
  const byCode = new Map<string, number>();
  for (const r of reports)
    for (const [code, n] of Object.entries(r.refused)) byCode.set(code, (byCode.get(code) ?? 0) + n);
  const count = [...byCode.values()].reduce((a, b) => a + b, 0);
  return { count, text: count === 0 ? "none refused" : [...byCode].map(([c, n]) => `${c} ${n}`).join(", ") };
};
const refusedBets = refusals(bets);
const refusedCashOuts = refusals(cashOuts);
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(bytes < 1e7 ? 2 : 0)} MB`;
const rows: [string, string][] = [
  [
    "players (client processes)",
    `${players} (${processes}${pinned ? `; casino on cores ${pinned.casino ?? "any"}, players on ${pinned.players}` : ""})`,
  ],
  ["bets placed", `${players - refusedBets.count} of ${players} (${refusedBets.text})`],
  ["bet round trip p50 / p99", `${ms(percentile(betTimes, 50))} / ${ms(percentile(betTimes, 99))}`],
  [
    "cash-out round trip p50 / p99",
    `${ms(percentile(cashTimes, 50))} / ${ms(percentile(cashTimes, 99))} (${cashTimes.length} cash-outs, ${refusedCashOuts.text})`,
  ],
  [
    "paid cash-outs alone p50 / p99",
    `${ms(percentile(paidTimes, 50))} / ${ms(percentile(paidTimes, 99))} (${paidTimes.length})`,
  ],
  [
    "players' event loop delay p99 / max, flight",
    `${ms(Math.max(...cashOuts.map((r) => r.loop.p99)))} / ${ms(Math.max(...cashOuts.map((r) => r.loop.max)))} (the worst client process)`,
  ],
  [
    "server time per bet p50 / p99",
    `${ms(percentile(servedBets, 50))} / ${ms(percentile(servedBets, 99))} (arrival in the room to answer)`,
  ],
  [
    "server time per cash-out p50 / p99",
    `${ms(percentile(servedCashOuts, 50))} / ${ms(percentile(servedCashOuts, 99))} (${servedCashOuts.length})`,
  ],
  [
    "flight ended at",
    `${(ending.endedAt / 100).toFixed(2)}x${ending.capped ? " (the payout cap: later cash-outs are refused)" : ""}`,
  ],
  ["frames per client per round", `min ${frames[0]}, median ${percentile(frames, 50)}, max ${frames.at(-1)}`],
  [
    "frame bytes per client per round",
    `median ${mb(percentile(frameBytes, 50))} (${mb(frameBytes.reduce((a, b) => a + b, 0))} sent in all)`,
  ],
  [
    "server CPU per bet",
    `${(cpuMs(betCpu) / players).toFixed(3)} ms (${cpuMs(betCpu).toFixed(0)} ms for the burst)`,
  ],
  [
    "server CPU per cash-out",
    `${(cpuMs(flightCpu) / Math.max(1, cashTimes.length)).toFixed(3)} ms (${cpuMs(flightCpu).toFixed(0)} ms for the flight)`,
  ],
  ["bet transactions (largest batch)", `${betWrites} (${betsLargest})`],
  ["flight transactions (settlements)", `${flightTransactions} (${flightSettled})`],
  ["event loop delay p99 / max, bets", `${ms(betLoop.percentile(99) / 1e6)} / ${ms(betLoop.max / 1e6)}`],
  [
    "event loop delay p99 / max, flight",
    `${ms(flightLoop.percentile(99) / 1e6)} / ${ms(flightLoop.max / 1e6)}`,
  ],
  ["event loop stalls over 20 ms, flight", stalls.describe()],
  ["server memory", `RSS ${mb(memory.rss)} (peak ${mb(peakRss)}), heap ${mb(memory.heapUsed)}`],
];
const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);

tell({ kind: "stop" });
await Promise.all(children.map((child) => new Promise((resolve) => child.once("exit", resolve))));
await casino.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);

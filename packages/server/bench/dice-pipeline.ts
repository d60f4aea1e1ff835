/**
 * Dice over REST through the casino's whole pipeline against a bare express + better-sqlite3
 * handler (bench/bare-dice-server.ts: a session look-up, one guarded transaction and a JSON answer).
 * Each server runs as a child process on a temp SQLite folder (the load generator keeps its own
 * core), and autocannon drives dice bets under bench/games-http.ts's settings: one player per
 * connection, 64 connections, 5 s (the casino with a short Supernova chain, so no hashing of its
 * chain runs beside the bets). Three alternating pairs (casino first, then bare first, ...)
 * even out a busy machine's drift; it prints both rates per pair, each ratio and the median ratio,
 * and each server's CPU time per round (their ratio is what a busy machine disturbs least), all
 * threads and its main thread's (the event loop, which one server process cannot spread), and of
 * that main thread's the part spent in the bets' database transactions (the casino's group
 * commits: statements and bet bodies; the bare handler's one transaction).
 *
 * `--warmup S` first runs the same load for S seconds, unmeasured, so both servers' code is
 * compiled as a running server's is.
 *
 *   node bench/dice-pipeline.ts [--seconds 5] [--warmup 0] [--connections 64] [--pairs 3] [--cpu-prof casino.cpuprofile]
 */
import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { readCommandLine } from "@casino/protocol/cli/command-line";
import autocannon from "autocannon";
import { groupCommitCpu } from "../src/db/group-commit.ts";
import { startBareDiceServer } from "./bare-dice-server.ts";
import { httpBenchOptions, stringOption } from "./bench-options.ts";
import { askBenchServer, signUpFundedPlayers, startBenchCasino, withBenchServer } from "./bench-server.ts";
import { startCpuProfile } from "./cpu-profile.ts";

type Ready = { kind: "ready"; port: number; tokens: string[] };
type Target = "casino" | "bare";

/** Server side: the casino or the bare server, funded players, "ready"; stops on "stop". */
async function serve(target: Target, dataDir: string, players: number): Promise<void> {
  let ready: Ready;
  let close: () => Promise<void>;
  let databaseMicros: () => number;
  if (target === "casino") {
    // A short Supernova chain: hashing the default one would compete with the bets for the CPU.
    const casino = await startBenchCasino(dataDir, { crash: { chainLength: 2000 } });
    ready = { kind: "ready", port: casino.port, tokens: await signUpFundedPlayers(casino, players) };
    close = () => casino.close();
    databaseMicros = () => groupCommitCpu().micros;
  } else {
    const bare = await startBareDiceServer(dataDir, players);
    ready = { kind: "ready", port: bare.port, tokens: bare.tokens };
    close = () => bare.close();
    databaseMicros = () => bare.transactionMicros();
  }
  // Profiled from here: the load only, not the start and the sign-ups.
  const profile = target === "casino" ? await startCpuProfile(process.env.CASINO_BENCH_PROFILE) : undefined;
  process.on("message", async (message: { kind: string }) => {
    if (message.kind === "cpu") {
      const cpu = process.cpuUsage();
      const main = process.threadCpuUsage();
      process.send?.({
        kind: "cpu",
        micros: cpu.user + cpu.system,
        mainMicros: main.user + main.system,
        databaseMicros: databaseMicros(),
      });
    } else if (message.kind === "stop") {
      await profile?.stop();
      await close();
      process.exit(0);
    }
  });
  process.send?.(ready);
}

/** What one run measured: rounds per second, the server's CPU time per round, its main thread's, and the transactions' share of that. */
interface Run {
  rate: number;
  cpuMicrosPerRound: number;
  mainMicrosPerRound: number;
  databaseMicrosPerRound: number;
}

/** A server's CPU time so far (µs): all threads, its main thread's, and the main thread's inside bet transactions. */
type ServerCpu = { micros: number; mainMicros: number; databaseMicros: number };

/** The server process's CPU time so far: all threads, its main thread's (the event loop), its transactions'. */
async function serverCpu(server: ChildProcess): Promise<ServerCpu> {
  return askBenchServer<ServerCpu & { kind: "cpu" }>(server, "cpu", "cpu");
}

/** Dice bets from `connections` players (one per connection) for `seconds`; autocannon's result. */
function driveDice(ready: Ready, seconds: number, connections: number) {
  let next = 0;
  return autocannon({
    url: `http://127.0.0.1:${ready.port}`,
    connections,
    duration: seconds,
    setupClient: (client) => {
      const token = ready.tokens[next++ % ready.tokens.length] ?? "";
      client.setRequests([
        {
          method: "POST",
          path: "/api/games/dice",
          headers: { cookie: `casino_session=${token}`, "content-type": "application/json" },
          body: JSON.stringify({ betAmount: 1, currency: "HC", betType: "low" }),
        },
      ]);
    },
  });
}

/**
 * Dice rounds per second (answers 200) of one server under the load, and its CPU time per round;
 * after `warmup` seconds of the same load, unmeasured, when asked.
 */
async function measure(
  target: Target,
  load: { seconds: number; warmup: number; connections: number },
  profile?: string,
): Promise<Run> {
  const env = {
    ...process.env,
    CASINO_BENCH_TARGET: target,
    ...(profile ? { CASINO_BENCH_PROFILE: profile } : {}),
  };
  return withBenchServer<Ready, Run>(
    fileURLToPath(import.meta.url),
    `casino-bench-dice-${target}-`,
    load.connections,
    env,
    async (server, ready) => {
      if (load.warmup > 0) await driveDice(ready, load.warmup, load.connections);
      const cpuBefore = await serverCpu(server);
      const started = Date.now();
      const result = await driveDice(ready, load.seconds, load.connections);
      const elapsed = (Date.now() - started) / 1000;
      if (result.non2xx > 0 || result.errors > 0)
        console.log(`  ${target}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      const cpuAfter = await serverCpu(server);
      const rounds = Math.max(1, result["2xx"]);
      return {
        rate: Math.round(rounds / elapsed),
        cpuMicrosPerRound: Math.round((cpuAfter.micros - cpuBefore.micros) / rounds),
        mainMicrosPerRound: Math.round((cpuAfter.mainMicros - cpuBefore.mainMicros) / rounds),
        databaseMicrosPerRound: Math.round((cpuAfter.databaseMicros - cpuBefore.databaseMicros) / rounds),
      };
    },
  );
}

/** A run's CPU time per round: all threads, the main thread's, and the part of it in transactions. */
function describeCpu(run: Run): string {
  return (
    `${run.cpuMicrosPerRound} µs CPU/round, ${run.mainMicrosPerRound} on the main thread, ` +
    `${run.databaseMicrosPerRound} of them in transactions`
  );
}

/** The median of a list of numbers. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Bench side: the alternating pairs and the summary. */
async function runBench(values: {
  seconds: string;
  warmup: string;
  connections: string;
  pairs: string;
  "cpu-prof"?: string;
}) {
  const load = {
    seconds: Number(values.seconds),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
  };
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  console.log(
    `dice over REST, ${load.connections} connections, ${load.seconds} s per run after ${load.warmup} s ` +
      "of warm-up, casino vs bare express + better-sqlite3",
  );
  for (let pair = 1; pair <= Number(values.pairs); pair++) {
    const order: Target[] = pair % 2 === 1 ? ["casino", "bare"] : ["bare", "casino"];
    const runs: Partial<Record<Target, Run>> = {};
    for (const target of order)
      runs[target] = await measure(target, load, pair === 1 ? values["cpu-prof"] : undefined);
    const none: Run = { rate: 0, cpuMicrosPerRound: 0, mainMicrosPerRound: 0, databaseMicrosPerRound: 0 };
    const casino = runs.casino ?? none;
    const bare = runs.bare ?? none;
    const ratio = casino.rate / Math.max(1, bare.rate);
    // Rounds per CPU second, casino over bare: what the ratio would be on an idle machine.
    const cpuRatio = bare.cpuMicrosPerRound / Math.max(1, casino.cpuMicrosPerRound);
    ratios.push(ratio);
    cpuRatios.push(cpuRatio);
    console.log(
      `  pair ${pair} (${order.join(" then ")}): casino ${casino.rate} rounds/s (${describeCpu(casino)}), ` +
        `bare ${bare.rate} rounds/s (${describeCpu(bare)}), ratio ${ratio.toFixed(2)}x, CPU ratio ${cpuRatio.toFixed(2)}x`,
    );
  }
  console.log(
    `median ratio ${median(ratios).toFixed(2)}x (target >= 1.00x); median CPU ratio ${median(cpuRatios).toFixed(2)}x`,
  );
}

const { values } = readCommandLine({
  ...httpBenchOptions(64),
  pairs: stringOption("3"),
  warmup: stringOption("0"),
  "cpu-prof": { type: "string" },
});
if (values.serve)
  await serve((process.env.CASINO_BENCH_TARGET as Target) ?? "casino", values.serve, Number(values.players));
else await runBench(values);

/**
 * The live feed's cost to the betting path, on one casino process (SQLite). Three processes: the
 * casino (forked, reports its own CPU over IPC), the 1,000 feed subscribers (forked,
 * live-feed-subscribers.ts) and the load generator (here), so no part starves another of its event
 * loop; they still share the machine's cores, hence the load average on every line.
 *   1. Delivery: dice bets paced at `--rate` per second, spread evenly; a sample of the subscribers
 *      times every row it gets (receipt - the round's settlement time, stamped before the commit, so
 *      the commit counts) and the share of the settled rows shown live is printed (a frame carries the
 *      newest rows only). The same paced bets run first without subscribers: the server's extra CPU
 *      with them is the feed's.
 *   2. Cost: dice rounds/s through REST at full speed (autocannon) without and with the subscribers, in
 *      `--pairs` pairs that alternate which goes first (without, with; with, without; ...) so a loaded
 *      or drifting machine hurts both alike; the median of the pairs' ratios is the figure. What says
 *      what the feed costs the server is its CPU per settled round (with / without); rounds/s is
 *      printed beside it but also moves with whatever else the machine runs.
 *   A summary closes the run: delivery p99, rounds/s with / without, CPU per round with / without.
 *   `--profile FILE` records V8 CPU profiles of the server during the delivery phase (FILE.delivery) and
 *   the "with" phases (FILE, the last one kept) and prints
 *   where its time went (the profiler itself costs CPU: compare figures from runs without it).
 *
 *   node bench/live-feed.ts [--subscribers 1000] [--sample 100] [--rate 200] [--seconds 5]
 *                           [--connections 32] [--pairs 3] [--profile FILE]
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { readCommandLine } from "@casino/protocol/cli/command-line";
import autocannon from "autocannon";
import { startCasino } from "../src/app.ts";
import {
  askBenchServer,
  forkBenchServer,
  SERVE_OPTIONS,
  signUpFundedPlayers,
  stopBenchServer,
  UNLIMITED,
} from "./bench-server.ts";
import { topSelfTime } from "./cpu-profile.ts";
import { feedShareOf } from "./live-feed-profile.ts";
import type { SubscriberAsk, SubscriberReport } from "./live-feed-subscribers.ts";

type Ready = { kind: "ready"; port: number; tokens: string[] };
/** The server's CPU so far (microseconds, user + system) and its event loop's delay since the last ask. */
type CpuAnswer = { kind: "cpu"; micros: number; loopP99: number; loopMax: number };

/** Server side: a casino without rate limits, funded players, its CPU and profile on request. */
async function serve(dataDir: string, players: number): Promise<void> {
  const casino = await startCasino({
    port: 0,
    dataDir,
    clientDist: join(dataDir, "no-client"),
    logLevel: "silent",
    rateLimit: UNLIMITED,
  });
  const tokens = await signUpFundedPlayers(casino, players);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const profiler = new Session();
  profiler.connect();
  await profiler.post("Profiler.enable");
  process.on("message", async (message: { kind: string; file?: string }) => {
    if (message.kind === "cpu") {
      const usage = process.cpuUsage();
      const [loopP99, loopMax] = [loop.percentile(99) / 1e6, loop.max / 1e6];
      loop.reset();
      process.send?.({
        kind: "cpu",
        micros: usage.user + usage.system,
        loopP99,
        loopMax,
      } satisfies CpuAnswer);
    } else if (message.kind === "profile-start") {
      await profiler.post("Profiler.start");
      process.send?.({ kind: "profiling" });
    } else if (message.kind === "profile-stop") {
      const { profile } = await profiler.post("Profiler.stop");
      const file = message.file ?? "live-feed.cpuprofile";
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      process.send?.({ kind: "profiled" });
    } else if (message.kind === "stop") {
      await casino.close();
      process.exit(0);
    }
  });
  process.send?.({ kind: "ready", port: casino.port, tokens } satisfies Ready);
}

/** Asks a child `message` and resolves its first answer of kind `answer`. */
function ask<Answer>(child: ChildProcess, message: object, answer: string): Promise<Answer> {
  return new Promise((resolve) => {
    const onMessage = (reply: { kind?: string } | string) => {
      if (typeof reply !== "object" || reply.kind !== answer) return;
      child.off("message", onMessage);
      resolve(reply as Answer);
    };
    child.on("message", onMessage);
    child.send(message);
  });
}

/** The subscribers' process, once it says it is ready. */
async function forkSubscribers(url: string, count: number, sample: number) {
  const script = fileURLToPath(new URL("./live-feed-subscribers.ts", import.meta.url));
  const child = fork(script, ["--url", url, "--count", String(count), "--sample", String(sample)], {
    stdio: "inherit",
  });
  await new Promise<void>((resolve, reject) => {
    child.on("message", (message: { kind?: string }) => message.kind === "ready" && resolve());
    child.once("exit", (code) => reject(new Error(`subscribers exited with ${code}`)));
  });
  const tell = <Answer>(message: SubscriberAsk, answer: string) => ask<Answer>(child, message, answer);
  return {
    connect: () => tell<{ subscribers: number }>({ kind: "connect" }, "connected"),
    record: () => tell({ kind: "record", on: true }, "recording"),
    report: () => tell<SubscriberReport>({ kind: "record", on: false }, "report"),
    close: () => tell({ kind: "close" }, "closed"),
    stop: () => child.disconnect(),
  };
}

/** What a run of dice bets settled. */
interface Rolled {
  rounds: number;
  perSecond: number;
  errors: number;
}

/** The body of every bet: 1 HC on "low". */
const DICE_BET = JSON.stringify({ betAmount: 1, currency: "HC", betType: "low" });

/** Dice bets from the players' sessions, flat out over `connections` (autocannon). */
async function rollDice(
  url: string,
  tokens: string[],
  seconds: number,
  connections: number,
): Promise<Rolled> {
  let next = 0;
  const result = (await autocannon({
    url,
    connections,
    duration: seconds,
    setupClient: (client) => {
      const token = tokens[next++ % tokens.length];
      client.setRequests([
        {
          method: "POST",
          path: "/api/games/dice",
          headers: { cookie: `casino_session=${token}`, "content-type": "application/json" },
          body: DICE_BET,
        },
      ]);
    },
  })) as autocannon.Result & { "2xx": number; duration: number };
  return {
    rounds: result["2xx"],
    perSecond: result["2xx"] / result.duration,
    errors: result.errors + result.non2xx,
  };
}

/** How often the paced bets are topped up to their rate. */
const PACE_TICK_MS = 5;

/**
 * Dice bets at `rate` per second spread evenly over each second (autocannon's own rate sends each
 * second's quota at once, a burst every second that no floor of players makes).
 */
async function paceDice(url: string, tokens: string[], seconds: number, rate: number): Promise<Rolled> {
  let sent = 0;
  let rounds = 0;
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  const bet = (token: string) => {
    const request = fetch(`${url}/api/games/dice`, {
      method: "POST",
      headers: { cookie: `casino_session=${token}`, "content-type": "application/json" },
      body: DICE_BET,
    })
      .then(async (answer) => {
        await answer.arrayBuffer();
        if (answer.ok) rounds++;
        else errors++;
      })
      .catch(() => {
        errors++;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      const due = Math.floor(Math.min(elapsed, seconds) * rate);
      while (sent < due) bet(tokens[sent++ % tokens.length] as string);
      if (elapsed >= seconds) {
        clearInterval(timer);
        resolve();
      }
    }, PACE_TICK_MS);
  });
  await Promise.all(inFlight);
  const duration = (performance.now() - started) / 1000;
  return { rounds, perSecond: rounds / duration, errors };
}

/**
 * Waits for the server to finish taking in (or letting go of) the 1,000 subscribers' sockets, so a
 * phase measures the steady state and not the joins or the closes of the phase before.
 */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 2000));
}

/** One measured phase: settled rounds, rounds/s and the server's CPU per round. */
interface Phase {
  perSecond: number;
  cpuPerRound: number; // server CPU milliseconds per settled round
  cpuMs: number; // server CPU milliseconds over the phase
  rounds: number;
  seconds: number;
  loopP99: number; // the server's event loop delay, ms
  errors: number;
}

/** Rolls dice while the server's CPU is read before and after. */
async function measurePhase(server: ChildProcess, roll: () => Promise<Rolled>): Promise<Phase> {
  const before = await askBenchServer<CpuAnswer>(server, "cpu", "cpu");
  const started = performance.now();
  const rolled = await roll();
  const after = await askBenchServer<CpuAnswer>(server, "cpu", "cpu");
  const cpuMs = (after.micros - before.micros) / 1000;
  return {
    perSecond: rolled.perSecond,
    cpuPerRound: cpuMs / Math.max(1, rolled.rounds),
    cpuMs,
    rounds: rolled.rounds,
    seconds: (performance.now() - started) / 1000,
    loopP99: after.loopP99,
    errors: rolled.errors,
  };
}

/** The 1-, 5- and 15-minute load averages. */
function loadText(): string {
  return `load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`;
}

function describePhase(name: string, phase: Phase): string {
  return (
    `  ${name}: ${phase.perSecond.toFixed(0)} rounds/s, server ${phase.cpuPerRound.toFixed(3)} ms CPU/round, loop delay p99 ${phase.loopP99.toFixed(0)} ms ` +
    `(${phase.errors} errors; ${loadText()})`
  );
}

/** Where the server's time went in a recorded profile (self time, busiest first). */
function printProfile(title: string, file: string): void {
  console.log(`server profile of ${title}, self time:`);
  for (const row of topSelfTime(file, 25))
    console.log(
      `${(100 * row.share).toFixed(1).padStart(5)}%  ${row.ms.toFixed(0).padStart(7)} ms  ${row.name}`,
    );
}

const mean = (list: readonly number[]) => list.reduce((a, b) => a + b, 0) / list.length;

/** The middle value (the mean of the middle two for an even count). */
function median(list: readonly number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const listOf = (ratios: readonly number[]) => ratios.map((r) => r.toFixed(3)).join(", ");

async function main(): Promise<void> {
  const { values } = readCommandLine({
    ...SERVE_OPTIONS,
    subscribers: { type: "string", default: "1000" },
    sample: { type: "string", default: "100" },
    rate: { type: "string", default: "200" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "32" },
    pairs: { type: "string", default: "3" },
    profile: { type: "string" },
  });
  if (values.serve) return serve(values.serve, Number(values.players));
  const count = Number(values.subscribers);
  const sample = Math.min(count, Number(values.sample));
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const pairs = Math.max(1, Number(values.pairs));
  const dataDir = mkdtempSync(join(tmpdir(), "casino-bench-feed-"));
  const { server, ready } = await forkBenchServer<Ready>(fileURLToPath(import.meta.url), dataDir, 64);
  const url = `http://127.0.0.1:${ready.port}`;
  const feed = await forkSubscribers(url, count, sample);
  try {
    console.log(
      `live feed bench: ${count} subscribers in their own process (${sample} decode and time every row, ` +
        `${count - sample} only count frames), ${values.rate} bets/s paced, ${seconds} s phases; ${loadText()}`,
    );
    const rate = Number(values.rate);
    await rollDice(url, ready.tokens, seconds, connections); // warm-up (JIT, caches), not measured
    const quiet = await measurePhase(server, () => paceDice(url, ready.tokens, seconds, rate));
    await feed.connect();
    await settle();
    await feed.record();
    if (values.profile) await askBenchServer(server, "profile-start", "profiling");
    const paced = await measurePhase(server, () => paceDice(url, ready.tokens, seconds, rate));
    await new Promise((resolve) => setTimeout(resolve, 500)); // the last flush
    const seen = await feed.report();
    if (values.profile)
      await ask(server, { kind: "profile-stop", file: `${values.profile}.delivery` }, "profiled");
    // Every settled round reaches REST and the join snapshot; a frame carries only the newest rows
    // (and the high rollers), so past a few dozen bets a second a viewer sees a share of them.
    const shown = seen.receipts / Math.max(1, seen.sampled * paced.rounds);
    const framesPerSecond = seen.countedFrames / Math.max(1, seen.subscribers - seen.sampled) / paced.seconds;
    console.log(
      `delivery: ${paced.perSecond.toFixed(0)} bets/s settled, ${seen.receipts} receipts by ${seen.sampled} ` +
        `timing subscribers in ${seen.sampledFrames} frames (${(100 * shown).toFixed(0)}% of the rows shown live), ` +
        `p50 ${seen.p50} ms, p99 ${seen.p99} ms, max ${seen.max} ms; ` +
        `${framesPerSecond.toFixed(1)} frames/s to each of the other ${seen.subscribers - seen.sampled}; ` +
        `server ${paced.cpuPerRound.toFixed(3)} ms CPU/round, loop delay p99 ${paced.loopP99.toFixed(0)} ms; subscriber process ` +
        `${(seen.cpuMs / seconds / 10).toFixed(0)}% of a core; ${loadText()}`,
    );
    // Same paced bets with and without subscribers: the server's extra CPU per round, times the
    // rounds per second, is the feed's CPU per second.
    const feedMs = (paced.cpuPerRound - quiet.cpuPerRound) * rate;
    console.log(
      `feed at ${rate} bets/s: server ${quiet.cpuPerRound.toFixed(3)} ms CPU/round without subscribers ` +
        `(${quiet.perSecond.toFixed(0)} bets/s), ${paced.cpuPerRound.toFixed(3)} with: the feed takes ` +
        `${feedMs.toFixed(0)} ms CPU/s, ${(feedMs / 10).toFixed(1)}% of a core`,
    );
    await feed.close();
    await settle();

    const without: Phase[] = [];
    const watched: Phase[] = [];
    const rollWithout = async () => {
      const alone = await measurePhase(server, () => rollDice(url, ready.tokens, seconds, connections));
      without.push(alone);
      console.log(describePhase("dice without subscribers", alone));
    };
    const rollWatched = async () => {
      await feed.connect();
      await settle();
      if (values.profile) await askBenchServer(server, "profile-start", "profiling");
      const busy = await measurePhase(server, () => rollDice(url, ready.tokens, seconds, connections));
      if (values.profile) await ask(server, { kind: "profile-stop", file: values.profile }, "profiled");
      watched.push(busy);
      console.log(describePhase(`dice with ${count} subscribers`, busy));
      await feed.close();
      await settle();
    };
    // Each pair alternates which phase goes first, so a server or machine that drifts over the run
    // (warming up, a growing database, other work) favours neither side; the pairs' median ratio is
    // the figure, as one disturbed phase moves a mean.
    for (let pair = 0; pair < pairs; pair++) {
      if (pair % 2 === 0) {
        await rollWithout();
        await rollWatched();
      } else {
        await rollWatched();
        await rollWithout();
      }
    }
    const cpuRatios = watched.map((p, i) => p.cpuPerRound / without[i]!.cpuPerRound);
    const rateRatios = watched.map((p, i) => p.perSecond / without[i]!.perSecond);
    const cpuRatio = median(cpuRatios);
    const rateRatio = median(rateRatios);
    // The feed's own CPU: what the server used beyond what its rounds cost without subscribers. It
    // is paid per second, not per round, so it is the share of rounds/s lost by a server whose core
    // the bets saturate, and it does not depend on what else the machine runs.
    const roundCost = mean(without.map((p) => p.cpuPerRound));
    const feedShare = mean(watched.map((p) => (p.cpuMs - p.rounds * roundCost) / (p.seconds * 1000)));
    console.log(
      `cost: server CPU per round ${mean(without.map((p) => p.cpuPerRound)).toFixed(3)} ms without, ` +
        `${mean(watched.map((p) => p.cpuPerRound)).toFixed(3)} ms with the feed (pairs' ratios ${listOf(cpuRatios)}, ` +
        `median ${cpuRatio.toFixed(3)}); rounds/s ${mean(without.map((p) => p.perSecond)).toFixed(0)} ` +
        `without, ${mean(watched.map((p) => p.perSecond)).toFixed(0)} with (pairs' ratios ${listOf(rateRatios)}, median ${rateRatio.toFixed(3)}); ${loadText()}`,
    );
    console.log(
      `feed's own server CPU: ${(feedShare * 100).toFixed(1)}% of a core (server CPU with subscribers beyond ` +
        `rounds x CPU/round without): the rounds/s a server saturated by bets would lose`,
    );
    const ok = (pass: boolean) => (pass ? "ok" : "OVER");
    console.log(
      [
        `summary (${loadText()}):`,
        `  delivery p99 ${seen.p99} ms at ${paced.perSecond.toFixed(0)} bets/s to ${count} subscribers (target < 250 ms: ${ok(seen.p99 < 250)})`,
        `  dice rounds/s with / without the feed: ${rateRatio.toFixed(3)} (target >= 0.95: ${ok(rateRatio >= 0.95)}; moves with the machine's other load)`,
        `  server CPU per round with / without the feed: ${cpuRatio.toFixed(3)} (target <= 1.05: ${ok(cpuRatio <= 1.05)})`,
        `  feed's own server CPU at saturation: ${(feedShare * 100).toFixed(1)}% of a core; at ${rate} bets/s: ${(feedMs / 10).toFixed(1)}%`,
      ].join("\n"),
    );
    if (values.profile) {
      for (const [title, file] of [
        [`at ${rate} bets/s`, `${values.profile}.delivery`],
        ['at saturation (the last "with" phase)', values.profile],
      ] as const) {
        const share = feedShareOf(file);
        console.log(
          `  feed's server CPU ${title}, from the profile: ${((100 * share.feedMs) / share.wallMs).toFixed(1)}% of a core ` +
            `(${((100 * share.feedMs) / share.busyMs).toFixed(1)}% of the server's busy time)`,
        );
      }
      printProfile(`the delivery phase (${values.profile}.delivery)`, `${values.profile}.delivery`);
      printProfile(`the last "with" phase (${values.profile})`, values.profile);
    }
  } finally {
    feed.stop();
    await stopBenchServer(server, dataDir);
  }
}

await main();

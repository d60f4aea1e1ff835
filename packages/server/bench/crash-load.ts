/**
 * `node bench/crash-load.ts --players 500`: many scripted players (the SDK's demo sessions and
 * room client) in one HC round of Supernova. Every player joins the crash room and bets 1 HC; half
 * of them cash out at a random multiplier before the crash (the test chain's round 1 flies to
 * 5.02x, about 27 s). Prints the bet and cash-out round trips (p50, p99), the frames each client got
 * during the round, the process's CPU per bet and per cash-out, and memory. The casino and the
 * players share this process (and its CPU): the figures are upper bounds for the server's share.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { timeToReach } from "@casino/protocol/games/crash/flight";
import { connectDemo } from "@casino/sdk";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { readCommandLine } from "../../protocol/src/cli/command-line.ts";
import { TEST_CHAIN } from "../src/crash/engine.test-helpers.ts";
import { startBenchCasino } from "./bench-server.ts";
import { percentile } from "./percentile.ts";

const { values } = readCommandLine({ players: { type: "string", default: "500" } });
const players = Number(values.players);
const dataDir = mkdtempSync(join(tmpdir(), "casino-crash-load-"));
const casino = await startBenchCasino(dataDir, {
  crash: {
    chainLength: TEST_CHAIN.length,
    testChain: TEST_CHAIN,
    bettingMs: 15_000 + players * 40,
    tickMs: 20,
  },
});
await casino.services.crash.ready();
const url = casino.url;

/** A seeded choice of cash-out targets between 1.10x and 4.90x. */
let seed = 7;
const nextTarget = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return 110 + (seed % 380);
};

type Player = { room: Room; frames: number; target: number | null };
const joined: Player[] = [];
process.stdout.write(`joining ${players} players`);
for (let i = 0; i < players; i++) {
  const session = await connectDemo(url);
  const client = new VersionedClient(url);
  client.auth.token = session.token;
  const room = await client.joinOrCreate("crash", { currency: "HC" });
  const player: Player = { room, frames: 0, target: i % 2 === 0 ? nextTarget() : null };
  for (const type of ["round", "flight", "events", "crash"]) room.onMessage(type, () => player.frames++);
  room.onMessage("result", () => undefined);
  room.onMessage("error", () => undefined);
  joined.push(player);
  if (i % 100 === 99) process.stdout.write(` ${i + 1}`);
}
process.stdout.write("\n");

const engine = casino.services.crash.engine("HC");
if (!engine) throw new Error("this process does not host the HC rounds");
if (engine.phase !== "betting") throw new Error("the betting phase ended before everyone joined");
for (const p of joined) p.frames = 0;
const cpuStart = process.cpuUsage();
const betTimes: number[] = [];
let refused = 0;
await Promise.all(
  joined.map(async (p) => {
    const t = performance.now();
    const answer = (await p.room.request("bet", { betAmount: 1 }, { timeout: 30_000 })) as { code?: string };
    betTimes.push(performance.now() - t);
    if (answer.code) refused++;
  }),
);
const cpuBets = process.cpuUsage(cpuStart);
console.log(`bets placed: ${players - refused} of ${players}`);

await new Promise<void>((resolve) => {
  const wait = setInterval(() => {
    if (engine.phase === "flying") {
      clearInterval(wait);
      resolve();
    }
  }, 5);
});
const flightStart = performance.now();
const cashTimes: number[] = [];
let late = 0;
const cpuFlight = process.cpuUsage();
await Promise.all(
  joined
    .filter((p) => p.target !== null)
    .map(async (p) => {
      const wait = timeToReach(p.target as number) - (performance.now() - flightStart);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
      const t = performance.now();
      const answer = (await p.room.request("cashOut", {}, { timeout: 30_000 })) as { code?: string };
      cashTimes.push(performance.now() - t);
      if (answer.code) late++;
    }),
);
const cpuCashOuts = process.cpuUsage(cpuFlight);
await new Promise<void>((resolve) => {
  const wait = setInterval(() => {
    if (engine.phase !== "flying") {
      clearInterval(wait);
      resolve();
    }
  }, 20);
});
await new Promise((resolve) => setTimeout(resolve, 500));

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const ms = (x: number) => `${x.toFixed(1)} ms`;
const frames = sorted(joined.map((p) => p.frames));
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
console.log(
  `bet round trip       p50 ${ms(percentile(sorted(betTimes), 50))}  p99 ${ms(percentile(sorted(betTimes), 99))}`,
);
console.log(
  `cash-out round trip  p50 ${ms(percentile(sorted(cashTimes), 50))}  p99 ${ms(percentile(sorted(cashTimes), 99))}  (${cashTimes.length} cash-outs, ${late} refused)`,
);
console.log(
  `frames per client    min ${frames[0]}  median ${percentile(frames, 50)}  max ${frames[frames.length - 1]}`,
);
console.log(
  `process CPU          ${(cpuMs(cpuBets) / players).toFixed(2)} ms per bet, ${(cpuMs(cpuCashOuts) / Math.max(1, cashTimes.length)).toFixed(2)} ms per cash-out over the flight (casino and clients together)`,
);
console.log(
  `memory               rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB, heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
);
for (const p of joined) await p.room.leave(true).catch(() => undefined);
await casino.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);

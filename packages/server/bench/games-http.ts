/**
 * Rounds per second of each game through its REST path: one casino process on SQLite (a temp data
 * folder, started as a child process so the load generator has its own core), demo players with a
 * large HC balance, and autocannon driving each game's paths for a few seconds. Prints a progress
 * line per game and a final table (rounds/s, requests/s, p50/p99 latency, non-2xx and errors).
 *
 *   node bench/games-http.ts [--seconds 5] [--connections 64] [--games dice,plinko,slots,blackjack,hilo]
 *                            [--cpu-prof server.cpuprofile]
 *
 * Each connection plays as its own player, so multi-step rounds never collide. Plinko's 5-balls
 * limit is lifted in the benchmark's process (it would cap a player at 1.4 drops/s): the figure is
 * the cost of the bet path itself.
 */
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { fileURLToPath } from "node:url";
import { readCommandLine } from "@casino/protocol/cli/command-line";
import autocannon from "autocannon";
import { createMemoryBallFlights } from "../src/games/ball-flights.ts";
import { httpBenchOptions, stringOption } from "./bench-options.ts";
import { askBenchServer, signUpFundedPlayers, startBenchCasino, withBenchServer } from "./bench-server.ts";

/** The games in the order they are measured. */
const ALL_GAMES = ["dice", "plinko", "slots", "blackjack", "hilo"] as const;
type BenchGame = (typeof ALL_GAMES)[number];

/** What the server process tells the bench. */
type ServerMessage =
  | { kind: "ready"; port: number; tokens: string[] }
  | { kind: "counts"; counts: Record<string, number>; cpuMicros: number };

/** Server side: a casino on a temp folder, players with sessions and balances; answers round counts. */
async function serve(dataDir: string, players: number): Promise<void> {
  const casino = await startBenchCasino(dataDir);
  casino.services.games.flights = createMemoryBallFlights({ maxBalls: Number.MAX_SAFE_INTEGER });
  const tokens = await signUpFundedPlayers(casino, players);
  const send = (message: ServerMessage) => process.send?.(message);
  // --cpu-prof FILE: the server process's CPU profile while the games run (for `node --cpu-prof` viewers).
  const profileFile = process.env.CASINO_BENCH_PROFILE;
  const profiler = profileFile ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  process.on("message", async (message: { kind: string }) => {
    if (message.kind === "count") {
      const rows = await casino.handle.db
        .selectFrom("game_rounds")
        .select((eb) => ["game_type", eb.fn.countAll<number>().as("n")])
        .where("status", "=", "settled")
        .groupBy("game_type")
        .execute();
      const cpu = process.cpuUsage();
      const counts = Object.fromEntries(rows.map((r) => [r.game_type, Number(r.n)]));
      send({ kind: "counts", counts, cpuMicros: cpu.user + cpu.system });
    } else if (message.kind === "stop") {
      if (profiler && profileFile) {
        const { profile } = await profiler.post("Profiler.stop");
        writeFileSync(profileFile, JSON.stringify(profile));
      }
      await casino.close();
      process.exit(0);
    }
  });
  send({ kind: "ready", port: casino.port, tokens });
}

/** One connection's requests for a game, as its own player (state kept per connection). */
function requestsFor(game: BenchGame, token: string): autocannon.Request[] {
  const headers = { cookie: `casino_session=${token}`, "content-type": "application/json" };
  const post = (path: string, body: unknown): autocannon.Request => ({
    method: "POST",
    path,
    headers,
    body: JSON.stringify(body),
  });
  const wager = { betAmount: 1, currency: "HC" };
  const state = { freeSpins: 0, settled: false, guess: "higher", lost: false };
  const parse = (body: string) => JSON.parse(body) as Record<string, unknown>;
  const resumeInstead = (path: string) => ({ method: "GET" as const, path, headers, body: undefined });
  switch (game) {
    case "dice":
      return [post("/api/games/dice", { ...wager, betType: "low" })];
    case "plinko":
      return [post("/api/games/plinko", { ...wager, risk: "medium" })];
    case "slots":
      return [
        {
          ...post("/api/games/slots", wager),
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ ...wager, isFreeSpins: state.freeSpins > 0 }),
          }),
          onResponse: (status, body) => {
            if (status === 200) state.freeSpins = Number(parse(body).freeSpinsLeft ?? 0);
          },
        },
      ];
    case "blackjack":
      return [
        {
          ...post("/api/games/blackjack/deal", wager),
          onResponse: (status, body) => {
            state.settled = status !== 200 || parse(body).phase === "settled";
          },
        },
        {
          ...post("/api/games/blackjack/stand", {}),
          setupRequest: (req) =>
            state.settled ? { ...req, ...resumeInstead("/api/games/blackjack/state") } : req,
        },
      ];
    case "hilo":
      return [
        {
          ...post("/api/games/hilo/start", { bet: 1, currency: "HC" }),
          onResponse: (status, body) => {
            const card = status === 200 ? (parse(body).currentCard as { value: string }) : undefined;
            state.guess =
              card && ["A", "2", "3", "4", "5", "6", "7"].includes(card.value) ? "higher" : "lower";
          },
        },
        {
          ...post("/api/games/hilo/guess", { guess: "higher" }),
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ guess: state.guess }) }),
          onResponse: (status, body) => {
            state.lost = status !== 200 || parse(body).status !== "active";
          },
        },
        {
          ...post("/api/games/hilo/cashout", {}),
          setupRequest: (req) => (state.lost ? { ...req, ...resumeInstead("/api/games/hilo/state") } : req),
        },
      ];
  }
}

/** One row of the final table. */
interface Row {
  game: string;
  roundsPerSecond: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** The server process's CPU time per round: what a round costs whatever else shares the cores. */
  serverCpuMicrosPerRound: number;
  non2xx: number;
  errors: number;
}

/** Asks the server process for its settled-round counts per game. */
function countRounds(server: ChildProcess): Promise<Extract<ServerMessage, { kind: "counts" }>> {
  return askBenchServer(server, "count", "counts");
}

/** Drives one game for `seconds` with `connections` players. */
async function measure(
  server: ChildProcess,
  port: number,
  tokens: string[],
  game: BenchGame,
  seconds: number,
) {
  const before = await countRounds(server);
  let next = 0;
  const started = Date.now();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: tokens.length,
    duration: seconds,
    setupClient: (client) => {
      client.setRequests(requestsFor(game, tokens[next++ % tokens.length] ?? ""));
    },
  });
  const elapsed = (Date.now() - started) / 1000;
  const after = await countRounds(server);
  const rounds = (after.counts[game] ?? 0) - (before.counts[game] ?? 0);
  const row: Row = {
    game,
    roundsPerSecond: Math.round(rounds / elapsed),
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverCpuMicrosPerRound: Math.round((after.cpuMicros - before.cpuMicros) / Math.max(1, rounds)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  process.stdout.write(
    `  ${game.padEnd(9)} ${row.roundsPerSecond} rounds/s, ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.serverCpuMicrosPerRound} µs server CPU per round\n`,
  );
  return row;
}

/** Bench side: starts the server process, measures each game, prints the table. */
async function runBench(values: {
  seconds: string;
  connections: string;
  games: string;
  "cpu-prof"?: string | undefined;
}): Promise<void> {
  const seconds = Number(values.seconds);
  const games = values.games
    .split(",")
    .filter((g): g is BenchGame => (ALL_GAMES as readonly string[]).includes(g));
  const profile = values["cpu-prof"] ? { CASINO_BENCH_PROFILE: values["cpu-prof"] } : {};
  const rows = await withBenchServer<Extract<ServerMessage, { kind: "ready" }>, Row[]>(
    fileURLToPath(import.meta.url),
    "casino-bench-games-",
    Number(values.connections),
    { ...process.env, ...profile },
    async (server, ready) => {
      console.log(
        `casino on port ${ready.port} (SQLite, one process), ${ready.tokens.length} players, ${seconds} s per game`,
      );
      const measured: Row[] = [];
      for (const game of games) measured.push(await measure(server, ready.port, ready.tokens, game, seconds));
      return measured;
    },
  );
  console.table(rows);
}

const { values } = readCommandLine({
  ...httpBenchOptions(64),
  games: stringOption(ALL_GAMES.join(",")),
  "cpu-prof": { type: "string" },
});
if (values.serve) await serve(values.serve, Number(values.players));
else await runBench(values);

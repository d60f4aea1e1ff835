/**
 * The capacity of one casino process, the figure the default request budgets are set below
 * (config.ts, README): a casino on SQLite in a child process (so the load generator has its own
 * core), autocannon against
 *   anonymous   GET /api/session without a cookie (the cheapest API route anyone may call),
 *   dice        POST /api/games/dice, each connection as its own signed-in player,
 *   refused     the anonymous GET against a second casino whose address budget is spent (every
 *               answer a 429: what a flood over the budget still costs).
 * Prints requests/s, latency and the server process's CPU time per request; the CPU figure is the
 * steady one on a shared machine (requests per CPU-second = what one core serves).
 *
 *   node bench/capacity.ts [--seconds 5] [--connections 32] [--only anonymous,dice,refused]
 */
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readCommandLine } from "@casino/protocol/cli/command-line";
import autocannon from "autocannon";
import { httpBenchOptions, stringOption } from "./bench-options.ts";
import {
  askBenchServer,
  signUpFundedPlayers,
  startBenchCasino,
  UNLIMITED,
  withBenchServer,
} from "./bench-server.ts";

const SCENARIOS = ["anonymous", "dice", "refused"] as const;
type Scenario = (typeof SCENARIOS)[number];

/** What the server process tells the bench. */
type ServerMessage =
  | { kind: "ready"; port: number; refusingPort: number; tokens: string[] }
  | { kind: "cpu"; cpuMicros: number };

/** Server side: an unlimited casino with funded players, and a casino that refuses every address. */
async function serve(dataDir: string, players: number): Promise<void> {
  const casino = await startBenchCasino(join(dataDir, "open"), { poker: { bots: false } });
  const refusing = await startBenchCasino(join(dataDir, "refusing"), {
    rateLimit: { ...UNLIMITED, addressPerSecond: 0.001, addressBurst: 1 },
    poker: { bots: false },
  });
  const tokens = await signUpFundedPlayers(casino, players);
  process.on("message", async (message: { kind: string }) => {
    if (message.kind === "cpu") {
      const cpu = process.cpuUsage();
      process.send?.({ kind: "cpu", cpuMicros: cpu.user + cpu.system } satisfies ServerMessage);
    } else if (message.kind === "stop") {
      await Promise.all([casino.close(), refusing.close()]);
      process.exit(0);
    }
  });
  process.send?.({
    kind: "ready",
    port: casino.port,
    refusingPort: refusing.port,
    tokens,
  } satisfies ServerMessage);
}

/** The server process's CPU time so far (µs). */
async function serverCpu(server: ChildProcess): Promise<number> {
  return (await askBenchServer<Extract<ServerMessage, { kind: "cpu" }>>(server, "cpu", "cpu")).cpuMicros;
}

/** One row of the final table. */
interface Row {
  scenario: Scenario;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Server CPU per request (µs): what a request costs whatever else shares the cores. */
  serverCpuMicros: number;
  /** Requests one fully used core serves: 1 s / serverCpuMicros. */
  perCpuSecond: number;
  non2xx: number;
  errors: number;
}

/** Drives one scenario for `seconds` and measures it. */
async function measure(
  server: ChildProcess,
  ready: Extract<ServerMessage, { kind: "ready" }>,
  scenario: Scenario,
  seconds: number,
  connections: number,
): Promise<Row> {
  let next = 0;
  const port = scenario === "refused" ? ready.refusingPort : ready.port;
  const requestsFor = (): autocannon.Request[] => {
    if (scenario !== "dice") return [{ method: "GET", path: "/api/session" }];
    const token = ready.tokens[next++ % ready.tokens.length] ?? "";
    return [
      {
        method: "POST",
        path: "/api/games/dice",
        headers: { cookie: `casino_session=${token}`, "content-type": "application/json" },
        body: JSON.stringify({ betAmount: 1, currency: "HC", betType: "low" }),
      },
    ];
  };
  const before = await serverCpu(server);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    setupClient: (client) => client.setRequests(requestsFor()),
  });
  const after = await serverCpu(server);
  const total = result.requests.average * seconds;
  const cpuMicros = Math.round((after - before) / Math.max(1, total));
  const row: Row = {
    scenario,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverCpuMicros: cpuMicros,
    perCpuSecond: Math.round(1e6 / Math.max(1, cpuMicros)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  process.stdout.write(
    `  ${scenario.padEnd(9)} ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ` +
      `${row.serverCpuMicros} µs server CPU per request (${row.perCpuSecond}/s per CPU-second), ` +
      `${row.non2xx} non-2xx\n`,
  );
  return row;
}

/** Bench side: starts the server process, runs the scenarios, prints the table. */
async function runBench(values: { seconds: string; connections: string; only: string }): Promise<void> {
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const scenarios = values.only
    .split(",")
    .filter((s): s is Scenario => (SCENARIOS as readonly string[]).includes(s));
  const rows = await withBenchServer<Extract<ServerMessage, { kind: "ready" }>, Row[]>(
    fileURLToPath(import.meta.url),
    "casino-bench-capacity-",
    connections,
    process.env,
    async (server, ready) => {
      console.log(
        `casino on port ${ready.port} (SQLite, one process), ${connections} connections, ${seconds} s per scenario`,
      );
      const measured: Row[] = [];
      for (const scenario of scenarios)
        measured.push(await measure(server, ready, scenario, seconds, connections));
      return measured;
    },
  );
  console.table(rows);
}

const { values } = readCommandLine({
  ...httpBenchOptions(32),
  only: stringOption(SCENARIOS.join(",")),
});
if (values.serve) await serve(values.serve, Number(values.players));
else await runBench(values);

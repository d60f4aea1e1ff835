/**
 * One casino process of `pnpm loadtest:scale`: started by startScaleNode with its options in
 * SCALE_NODE (JSON), it runs the casino with the load test's poker timings (no bots, the next hand
 * soon after the last) and no request limits, prints {"ready":true,...} once it listens, and
 * closes cleanly on SIGTERM. On PostgreSQL it counts its round trips to the database and, on
 * SIGUSR2, prints {"roundTrips":{...}} with the counts since the last SIGUSR2.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startCasino } from "../src/app.ts";
import { countPostgresRoundTrips } from "./pg-round-trips.ts";

const SELF = fileURLToPath(import.meta.url);

/** What a server process of the load test is told. */
export interface ScaleNodeOptions {
  port: number;
  dataDir: string;
  betweenHandsMs: number;
  databaseUrl?: string;
  pgSchema?: string;
  /** Set for a cluster: Redis presence and driver, and 127.0.0.1:<port> as the public address. */
  redisUrl?: string;
  nodeId?: string;
}

/** Runs the casino of one process. */
async function serve(options: ScaleNodeOptions): Promise<void> {
  const roundTrips = options.databaseUrl ? countPostgresRoundTrips() : undefined;
  const unlimited = { sessionPerSecond: 1e9, sessionBurst: 1e9, addressPerSecond: 1e9, addressBurst: 1e9 };
  const casino = await startCasino({
    port: options.port,
    dataDir: options.dataDir,
    clientDist: join(options.dataDir, "no-client"),
    logLevel: "error",
    rateLimit: unlimited,
    poker: {
      bots: false,
      autoStartDelayMs: options.betweenHandsMs,
      runoutDelayMs: 50,
      actionTimeoutMs: 20_000,
      ...(options.nodeId ? { nodeId: options.nodeId } : {}),
    },
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
    ...(options.redisUrl ? { redisUrl: options.redisUrl, publicAddress: `127.0.0.1:${options.port}` } : {}),
  });
  console.log(JSON.stringify({ ready: true, url: casino.url, pid: process.pid }));
  process.on("SIGUSR2", () => console.log(JSON.stringify({ roundTrips: roundTrips?.take() ?? {} })));
  process.on("SIGTERM", () => void casino.close().then(() => process.exit(0)));
}

if (process.env.SCALE_NODE) await serve(JSON.parse(process.env.SCALE_NODE) as ScaleNodeOptions);

/** A port nobody listens on now. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Server processes started here and still running: killed if the load test itself dies. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** A started server process. */
export interface ScaleNode {
  url: string;
  child: ChildProcess;
  /** Its PostgreSQL round trips since the last call (empty on SQLite). */
  takeRoundTrips(): Promise<Record<string, number>>;
}

/** Starts one server process (with extra Node flags, e.g. --cpu-prof) and resolves once it listens. */
export function startScaleNode(options: ScaleNodeOptions, nodeArgs: string[]): Promise<ScaleNode> {
  const child = spawn(process.execPath, [...nodeArgs, SELF], {
    env: { ...process.env, SCALE_NODE: JSON.stringify(options) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const waiting: ((counts: Record<string, number>) => void)[] = [];
  const takeRoundTrips = () =>
    new Promise<Record<string, number>>((resolve) => {
      waiting.push(resolve);
      child.kill("SIGUSR2");
    });
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.once("exit", (code) => reject(new Error(`server exited with ${code} before listening`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        if (line.startsWith('{"ready":true'))
          resolve({ url: (JSON.parse(line) as { url: string }).url, child, takeRoundTrips });
        else if (line.startsWith('{"roundTrips":'))
          waiting.shift()?.((JSON.parse(line) as { roundTrips: Record<string, number> }).roundTrips);
      }
    });
  });
}

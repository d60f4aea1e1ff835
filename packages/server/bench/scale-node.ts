/**
 * One casino process of `pnpm loadtest:scale`: started by startScaleNode with its options in
 * SCALE_NODE (JSON), it runs the casino with the load test's poker timings (no bots, the next hand
 * soon after the last) and no request limits, prints {"ready":true,...} once it listens, and
 * closes cleanly on SIGTERM.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startCasino } from "../src/app.ts";

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

/** Starts one server process (with extra Node flags, e.g. --cpu-prof) and resolves once it listens. */
export function startScaleNode(
  options: ScaleNodeOptions,
  nodeArgs: string[],
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...nodeArgs, SELF], {
    env: { ...process.env, SCALE_NODE: JSON.stringify(options) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.once("exit", (code) => reject(new Error(`server exited with ${code} before listening`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split("\n").find((l) => l.startsWith('{"ready":true'));
      if (line) resolve({ url: (JSON.parse(line) as { url: string }).url, child });
    });
  });
}

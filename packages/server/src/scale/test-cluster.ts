/**
 * A real cluster for tests: N `node src/main.ts` processes on one PostgreSQL schema and one Redis
 * key prefix of their own, each on its own port with its own node id and public address, as
 * scripts/cluster.ts starts them. A process can be killed (-9) and started again on the same port.
 * cleanup() stops everything, drops the schema and deletes the Redis keys.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";
import { type DatabaseHandle, dropPostgresSchema, openDatabase } from "../db/connect.ts";
import { retryStart } from "../db/retry-start.ts";
import { postgresUrlForTests } from "../db/test-databases.ts";
import { CASINO_MIGRATIONS } from "../migrations.ts";
import { createTestRedisNamespace, redisUrlForTests, type TestRedisNamespace } from "./test-redis.ts";

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

/** The operator password of test clusters. */
export const TEST_CLUSTER_OPERATOR_PASSWORD = "cluster-operator-password-for-tests";

/** Whether the cluster tests can run (PostgreSQL and Redis both available). */
export function canRunClusterTests(): boolean {
  return postgresUrlForTests() !== undefined && redisUrlForTests() !== undefined;
}

/** One process of the cluster. */
export interface TestNode {
  index: number;
  port: number;
  url: string;
  nodeId: string;
  child: ChildProcess | undefined;
  /** What the process printed (its log lines). */
  output(): string;
  /** Starts the process (again) on its port; resolves once it answers HTTP. */
  start(): Promise<void>;
  /** SIGKILL: a crash. Resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM: a clean stop; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** The cluster and its shared stores. */
export interface TestCluster {
  nodes: TestNode[];
  databaseUrl: string;
  schema: string;
  redis: TestRedisNamespace;
  /** A connection to the cluster's database, for assertions. */
  handle: DatabaseHandle;
  cleanup(): Promise<void>;
}

/** A port nobody listens on now. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Polls until the process answers HTTP (or dies, or the time is up). */
async function waitUntilListening(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`casino process exited before listening:\n${output()}`);
    const answered = await fetch(`${url}/api/crypto/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`casino process did not listen within 60 s:\n${output()}`);
}

/** Starts `processes` casino processes sharing a fresh schema and Redis prefix. */
export async function startTestCluster(
  options: { processes?: number; label?: string; env?: Record<string, string> } = {},
): Promise<TestCluster> {
  const databaseUrl = postgresUrlForTests();
  if (!databaseUrl) throw new Error("cluster tests need PostgreSQL (CASINO_SKIP_POSTGRES=1 skips them)");
  const label = options.label ?? "cluster";
  const schema = `casino_${label}_${process.pid}_${Date.now()}`;
  const redis = createTestRedisNamespace(label);
  const dataDir = mkdtempSync(join(tmpdir(), `casino-${label}-`));
  // Migrate once before the processes start (they would also do it, under the advisory lock).
  let handle: DatabaseHandle;
  try {
    handle = await retryStart(() =>
      openDatabase({ migrations: CASINO_MIGRATIONS, dataDir, databaseUrl, pgSchema: schema, poolSize: 4 }),
    );
  } catch (error) {
    await dropPostgresSchema(databaseUrl, schema);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const ports = await Promise.all(Array.from({ length: options.processes ?? 3 }, () => findFreePort()));
  const nodes = ports.map((port, i) => createNode(i + 1, port));

  function createNode(index: number, port: number): TestNode {
    let log = "";
    let exited: Promise<void> = Promise.resolve();
    const url = `http://127.0.0.1:${port}`;
    const node: TestNode = {
      index,
      port,
      url,
      nodeId: `${label}-node-${index}`,
      child: undefined,
      output: () => log,
      async start() {
        if (node.child) await node.kill();
        const child = spawn(process.execPath, [MAIN], {
          env: {
            ...process.env,
            PORT: String(port),
            DATA_DIR: dataDir,
            CLIENT_DIST: join(dataDir, "no-client"),
            DATABASE_URL: databaseUrl,
            DATABASE_SCHEMA: schema,
            REDIS_URL: redis.url,
            PUBLIC_ADDRESS: `127.0.0.1:${port}`,
            INTERNAL_URL: url,
            CASINO_NODE_ID: node.nodeId,
            LOG_LEVEL: "warn",
            POKER_BOTS: "0",
            CRASH_CHAIN_LENGTH: "2000",
            OPERATOR_PASSWORD: TEST_CLUSTER_OPERATOR_PASSWORD,
            RATE_LIMIT_SESSION_PER_SECOND: "10000",
            RATE_LIMIT_SESSION_BURST: "10000",
            RATE_LIMIT_ADDRESS_PER_SECOND: "100000",
            RATE_LIMIT_ADDRESS_BURST: "100000",
            RATE_LIMIT_IDENTITY_PER_MINUTE: "100000",
            RATE_LIMIT_IDENTITY_BURST: "100000",
            RATE_LIMIT_IDENTITY_GLOBAL_PER_SECOND: "100000",
            RATE_LIMIT_IDENTITY_GLOBAL_BURST: "100000",
            RATE_LIMIT_ROOM_CREATE_PER_MINUTE: "100000",
            RATE_LIMIT_ROOM_CREATE_BURST: "100000",
            RATE_LIMIT_ROOM_JOIN_PER_SECOND: "100000",
            RATE_LIMIT_ROOM_JOIN_BURST: "100000",
            ...options.env,
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        node.child = child;
        exited = new Promise((resolve) => child.once("exit", () => resolve()));
        child.stdout?.on("data", (chunk: Buffer) => {
          log += chunk.toString();
        });
        child.stderr?.on("data", (chunk: Buffer) => {
          log += chunk.toString();
        });
        await waitUntilListening(url, child, () => log);
      },
      async kill() {
        node.child?.kill("SIGKILL");
        await exited;
        node.child = undefined;
      },
      async stop() {
        const child = node.child;
        if (!child) return null;
        child.kill("SIGTERM");
        await exited;
        node.child = undefined;
        return child.exitCode;
      },
    };
    return node;
  }

  const cleanup = async () => {
    await Promise.all(nodes.map((node) => node.kill()));
    await handle.close();
    await dropPostgresSchema(databaseUrl, schema);
    await redis.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.all(nodes.map((node) => retryStart(() => node.start())));
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { nodes, databaseUrl, schema, redis, handle, cleanup };
}

/** The suite's cluster: started before its tests (up to 3 minutes) and cleaned up after them. */
export function useTestCluster(options: Parameters<typeof startTestCluster>[0]): TestCluster {
  const cluster = {} as TestCluster;
  beforeAll(async () => {
    Object.assign(cluster, await startTestCluster(options));
  }, 180_000);
  afterAll(async () => {
    if ("cleanup" in cluster) await cluster.cleanup();
  }, 60_000);
  return cluster;
}

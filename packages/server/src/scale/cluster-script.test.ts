/** scripts/cluster.ts as an operator runs it: N processes, a crashed one restarted, signals passed on. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { dropPostgresSchema } from "../db/connect.ts";
import { postgresUrlForTests } from "../db/test-databases.ts";
import { canRunClusterTests } from "./test-cluster.ts";
import { createTestRedisNamespace } from "./test-redis.ts";

const SCRIPT = fileURLToPath(new URL("../../scripts/cluster.ts", import.meta.url));

/** Whether a port is free now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Two consecutive free ports. */
async function findFreePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if ((await isFree(port)) && (await isFree(port + 1))) return port;
  }
  throw new Error("no two consecutive free ports");
}

/** Resolves once the launcher's output matches, with the match. */
function waitForOutput(output: () => string, pattern: RegExp, ms = 90_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + ms;
    const poll = setInterval(() => {
      const match = pattern.exec(output());
      if (match) {
        clearInterval(poll);
        resolve(match);
      } else if (Date.now() > deadline) {
        clearInterval(poll);
        reject(new Error(`no ${pattern} in the launcher's output:\n${output().slice(-3000)}`));
      }
    }, 100);
  });
}

describe.skipIf(!canRunClusterTests())("pnpm cluster -- --processes 2", () => {
  const databaseUrl = postgresUrlForTests() as string;
  const schema = `casino_launcher_${process.pid}_${Date.now()}`;
  const redis = createTestRedisNamespace("launcher");
  const dataDir = mkdtempSync(join(tmpdir(), "casino-launcher-"));
  let launcher: ChildProcess | undefined;
  afterAll(async () => {
    launcher?.kill("SIGKILL");
    await dropPostgresSchema(databaseUrl, schema);
    await redis.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("starts both processes, restarts one killed with -9, and stops them all on SIGTERM", async () => {
    const port = await findFreePortPair();
    let output = "";
    launcher = spawn(process.execPath, [SCRIPT, "--", "--processes", "2", "--port", String(port)], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATABASE_SCHEMA: schema,
        REDIS_URL: redis.url,
        DATA_DIR: dataDir,
        CLIENT_DIST: join(dataDir, "no-client"),
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    launcher.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    launcher.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const read = () => output;
    const first = await waitForOutput(
      read,
      /process 1 \(pid (\d+), node [^)]+-1\) listens on (\S+?), rooms at (\S+)/,
    );
    await waitForOutput(read, /process 2 \(pid \d+, node [^)]+-2\) listens on/);
    expect(first[2]).toBe(`http://127.0.0.1:${port}`);
    expect(first[3]).toBe(`127.0.0.1:${port}`);

    process.kill(Number(first[1]), "SIGKILL");
    await waitForOutput(read, /process 1 exited \(SIGKILL\); restarting in 1 s/);
    const again = await waitForOutput(
      read,
      /process 1 \(pid (\d+), node [^)]+-1\) listens on[\s\S]*process 1 \(pid (\d+), node/,
    );
    expect(again[2]).not.toBe(first[1]);
    expect((await fetch(`http://127.0.0.1:${port}/api/poker/tables`)).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => launcher?.once("exit", (code) => resolve(code)));
    launcher.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("cluster: every process stopped");
    expect(await isFree(port)).toBe(true);
    expect(await isFree(port + 1)).toBe(true);
  });
});

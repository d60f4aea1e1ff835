import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));

/** Starts `node src/main.ts` and resolves with the port from its "casino listening" log line. */
function startMain(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`main.ts did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+).*"msg":"casino listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]), output: () => output });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`main.ts exited with ${code}:\n${output}`));
    });
  });
}

describe("node packages/server/src/main.ts", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "casino-main-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("starts from the environment, serves the API, and stops cleanly on SIGTERM", async () => {
    const { child, port } = await startMain({
      PORT: "0",
      DATA_DIR: dataDir,
      CLIENT_DIST: join(dataDir, "none"),
      LOG_LEVEL: "info",
    });
    try {
      const status = await fetch(`http://127.0.0.1:${port}/api/crypto/status`);
      expect(status.status).toBe(200);
      expect(((await status.json()) as { mode: string }).mode).toBe("demo");
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain("AMINA Casino");
    } finally {
      const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    }
  });

  it("refuses a bad configuration with a clear message", async () => {
    await expect(startMain({ PORT: "not-a-port", DATA_DIR: dataDir })).rejects.toThrow(
      /bad configuration[\s\S]*PORT/,
    );
  });
});

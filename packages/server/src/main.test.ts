import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startMain } from "./main-process.test-helpers.ts";
import { useTempDir } from "./temp-dir.test-helpers.ts";

describe("node packages/server/src/main.ts", () => {
  const dataDir = useTempDir("casino-main-");

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

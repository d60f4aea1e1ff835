import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const PASSWORD = "logged-nowhere-1";
const VAULT_PASSWORD = "vault-never-logged-2";

/** Starts `node src/main.ts`, collecting everything it prints, until it reports its port. */
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

describe("operator passwords in the logs", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "casino-vault-log-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("never appear, at trace level, whether right or wrong, in a header, the query or the body", async () => {
    writeFileSync(join(dataDir, "vault-password"), `${VAULT_PASSWORD}\n`);
    const { OPERATOR_VAULT_PASSWORD: _ignored, ...env } = process.env;
    const { child, port, output } = await startMain({
      ...(env as Record<string, string>),
      PORT: "0",
      DATA_DIR: dataDir,
      CLIENT_DIST: join(dataDir, "none"),
      LOG_LEVEL: "trace",
      OPERATOR_PASSWORD: PASSWORD,
    });
    try {
      const base = `http://127.0.0.1:${port}/api/security`;
      const post = (path: string, body: unknown) =>
        fetch(`${base}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      expect((await post("/login", { password: `${PASSWORD}-wrong` })).status).toBe(403);
      const login = await post("/login", { password: PASSWORD });
      const { token } = (await login.json()) as { token: string };
      const authorization = `Bearer ${token}`;
      const byQuery = await fetch(`${base}/sirius/vault?password=${VAULT_PASSWORD}`, {
        headers: { authorization },
      });
      expect(byQuery.status).toBe(200);
      const byHeader = await fetch(`${base}/sirius/vault`, {
        headers: { authorization, "x-vault-password": VAULT_PASSWORD },
      });
      expect(byHeader.status).toBe(200);
      const wrong = await fetch(`${base}/sirius/vault?password=${VAULT_PASSWORD}x`, {
        headers: { authorization },
      });
      expect(wrong.status).toBe(403);
      await new Promise((resolve) => setTimeout(resolve, 500)); // the event sink writes (and logs) in batches
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      const log = output();
      expect(log).toContain("vault_access_denied");
      expect(log).toContain('"operator passwords loaded"');
      for (const secret of [PASSWORD, VAULT_PASSWORD, token]) expect(log).not.toContain(secret);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});

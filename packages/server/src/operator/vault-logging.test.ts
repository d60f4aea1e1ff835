import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startMain } from "../main-process.test-helpers.ts";
import { useTempDir } from "../temp-dir.test-helpers.ts";

const PASSWORD = "logged-nowhere-1";
const VAULT_PASSWORD = "vault-never-logged-2";

describe("operator passwords in the logs", () => {
  const dataDir = useTempDir("casino-vault-log-");

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

import { describe, expect, it } from "vitest";
import { loadConfig, REPO_ROOT } from "./config.ts";

describe("loadConfig", () => {
  it("applies the defaults", () => {
    const result = loadConfig({});
    expect(result).toMatchObject({
      ok: true,
      config: {
        port: 2567,
        dataDir: `${REPO_ROOT}data`,
        databaseUrl: undefined,
        clientDist: `${REPO_ROOT}packages/client/dist`,
        logLevel: "info",
        trustProxy: false,
      },
    });
  });

  it("reads every variable", () => {
    const result = loadConfig({
      PORT: "8080",
      DATA_DIR: "/tmp/x",
      DATABASE_URL: "postgres://u@h/db",
      REDIS_URL: "redis://127.0.0.1:6379",
      LOG_LEVEL: "warn",
      CLIENT_DIST: "/srv/client",
      PUBLIC_ADDRESS: "casino.example:443",
      TRUST_PROXY: "1",
      RATE_LIMIT_SESSION_PER_SECOND: "7",
    });
    expect(result.ok && result.config).toMatchObject({
      port: 8080,
      dataDir: "/tmp/x",
      databaseUrl: "postgres://u@h/db",
      redisUrl: "redis://127.0.0.1:6379",
      logLevel: "warn",
      clientDist: "/srv/client",
      publicAddress: "casino.example:443",
      trustProxy: true,
      rateLimit: { sessionPerSecond: 7 },
    });
  });

  it("reports every bad variable at once", () => {
    const result = loadConfig({ PORT: "70000", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(3);
    expect(result.errors.join("\n")).toMatch(/PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/);
  });
});

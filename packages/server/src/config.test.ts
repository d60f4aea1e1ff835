import { describe, expect, it } from "vitest";
import {
  DEFAULT_HTTP_TIMEOUTS,
  DEFAULT_RATE_LIMIT,
  loadConfig,
  MEASURED_CAPACITY,
  REPO_ROOT,
} from "./config.ts";

/** The configuration read from `env`, or "invalid" when loadConfig refuses it. */
function configOf(env: Record<string, string>) {
  const result = loadConfig(env);
  return result.ok ? result.config : "invalid";
}

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
        trustProxy: 0,
        rateLimit: DEFAULT_RATE_LIMIT,
        httpTimeouts: DEFAULT_HTTP_TIMEOUTS,
      },
    });
  });

  it("keeps the default budgets below the measured capacity of one process", () => {
    // bench/capacity.ts: CAPACITY_FIGURES in config.ts (anonymous GETs and dice bets per second).
    expect(DEFAULT_RATE_LIMIT.addressPerSecond).toBeLessThan(MEASURED_CAPACITY.anonymousGetsPerSecond);
    expect(DEFAULT_RATE_LIMIT.sessionPerSecond).toBeLessThan(MEASURED_CAPACITY.diceBetsPerSecond);
    expect(DEFAULT_HTTP_TIMEOUTS.requestMs).toBeLessThanOrEqual(10_000);
  });

  it("reads TRUST_PROXY as a number of hops, never as trust-everything", () => {
    const hops = (value: string) => {
      const config = configOf({ TRUST_PROXY: value });
      return config === "invalid" ? config : config.trustProxy;
    };
    expect([hops("0"), hops("1"), hops("2"), hops("true"), hops("false")]).toEqual([0, 1, 2, 1, 0]);
    expect(hops("yes")).toBe("invalid");
    expect(hops("-1")).toBe("invalid");
  });

  it("reads every variable", () => {
    const config = configOf({
      PORT: "8080",
      DATA_DIR: "/tmp/x",
      DATABASE_URL: "postgres://u@h/db",
      REDIS_URL: "redis://127.0.0.1:6379",
      LOG_LEVEL: "warn",
      CLIENT_DIST: "/srv/client",
      PUBLIC_ADDRESS: "casino.example:443",
      TRUST_PROXY: "1",
      RATE_LIMIT_SESSION_PER_SECOND: "7",
      RATE_LIMIT_ROOM_CREATE_PER_MINUTE: "3",
      HTTP_REQUEST_TIMEOUT_MS: "4000",
      METRICS_PORT: "9464",
      SQLITE_WAL_WARN_MB: "64",
    });
    expect(config).toMatchObject({
      metricsPort: 9464,
      walWarnBytes: 64 * 1024 * 1024,
      port: 8080,
      dataDir: "/tmp/x",
      databaseUrl: "postgres://u@h/db",
      redisUrl: "redis://127.0.0.1:6379",
      logLevel: "warn",
      clientDist: "/srv/client",
      publicAddress: "casino.example:443",
      trustProxy: 1,
      rateLimit: { sessionPerSecond: 7, roomCreatePerMinute: 3 },
      httpTimeouts: { requestMs: 4000, headersMs: 4000 },
    });
  });

  it("reads an unset or empty METRICS_PORT as no metrics listener and refuses a bad one", () => {
    expect(configOf({})).toMatchObject({ metricsPort: undefined });
    expect(configOf({ METRICS_PORT: "" })).toMatchObject({ metricsPort: undefined });
    expect(loadConfig({ METRICS_PORT: "0" }).ok).toBe(false);
    expect(loadConfig({ METRICS_PORT: "http" }).ok).toBe(false);
  });

  it("reports every bad variable at once", () => {
    const result = loadConfig({ PORT: "70000", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(3);
    expect(result.errors.join("\n")).toMatch(/PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/);
  });
});

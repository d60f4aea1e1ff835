import { describe, expect, it } from "vitest";
import { planCluster, readClusterArgs, restartDelayMs } from "./cluster-plan.ts";

const shared = { DATABASE_URL: "postgres://db/casino", REDIS_URL: "redis://cache:6379" };

describe("readClusterArgs", () => {
  it("reads the options after pnpm's -- separator, with defaults from the environment", () => {
    expect(readClusterArgs(["--", "--processes", "4"], { PORT: "3000" })).toMatchObject({
      processes: 4,
      basePort: 3000,
      publicAddress: "127.0.0.1:{port}",
      internalHost: "127.0.0.1",
    });
    expect(readClusterArgs([], {})).toMatchObject({ processes: 3, basePort: 2567 });
  });

  it("refuses unknown options, zero processes and ports past 65535", () => {
    expect(readClusterArgs(["--procs", "2"], {})).toEqual({ error: "unknown option --procs" });
    expect(readClusterArgs(["--processes", "0"], {})).toHaveProperty("error");
    expect(readClusterArgs(["--processes", "2.5"], {})).toHaveProperty("error");
    expect(readClusterArgs(["--port", "65535", "--processes", "2"], {})).toHaveProperty("error");
  });
});

describe("planCluster", () => {
  it("gives each process a consecutive port and its own node id, public address and internal URL", () => {
    const options = readClusterArgs(
      [
        "--processes",
        "3",
        "--port",
        "4000",
        "--public-address",
        "casino.example/n{n}",
        "--node-prefix",
        "web1",
      ],
      {},
    );
    if ("error" in options) throw new Error(options.error);
    const plan = planCluster(options, shared);
    expect(plan.ok && plan.slots.map((s) => s.env)).toEqual([
      {
        PORT: "4000",
        PUBLIC_ADDRESS: "casino.example/n1",
        INTERNAL_URL: "http://127.0.0.1:4000",
        CASINO_NODE_ID: "web1-1",
      },
      {
        PORT: "4001",
        PUBLIC_ADDRESS: "casino.example/n2",
        INTERNAL_URL: "http://127.0.0.1:4001",
        CASINO_NODE_ID: "web1-2",
      },
      {
        PORT: "4002",
        PUBLIC_ADDRESS: "casino.example/n3",
        INTERNAL_URL: "http://127.0.0.1:4002",
        CASINO_NODE_ID: "web1-3",
      },
    ]);
  });

  it("refuses several processes without PostgreSQL and Redis to share, but runs one on the defaults", () => {
    const three = readClusterArgs(["--processes", "3"], {});
    const one = readClusterArgs(["--processes", "1"], {});
    if ("error" in three || "error" in one) throw new Error("bad options");
    expect(planCluster(three, { REDIS_URL: shared.REDIS_URL })).toMatchObject({ ok: false });
    expect(planCluster(three, { DATABASE_URL: shared.DATABASE_URL })).toMatchObject({ ok: false });
    expect(planCluster(one, {})).toMatchObject({ ok: true });
  });
});

describe("restartDelayMs", () => {
  it("waits 1 s after a crash, doubling while the process keeps dying, at most 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

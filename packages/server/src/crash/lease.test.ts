import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/test-databases.ts";
import { checkLedgerInvariants } from "../ledger/invariants.ts";
import { getBalances, grant } from "../ledger/ledger.ts";
import { createLogger } from "../log.ts";
import type { CasinoServices } from "../services.ts";
import { TEST_CHAIN } from "./engine.test-helpers.ts";
import { type CrashRuntime, createCrashRuntime } from "./runtime.ts";
import { crashDb } from "./tables.ts";

/** Polls until `check` holds (at most 10 s). */
async function eventually(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the condition never held");
}

describe("Supernova hosts under a fenced lease", () => {
  const test = useTestDatabase("sqlite", async (handle) => {
    await grant(handle, { userId: "u1", currency: "HC", amount: coins(100), reason: "new_user" });
  });

  /** A process's crash runtime over the shared database, its clock `skew` ms ahead. */
  function startProcess(nodeId: string, skew: number): CrashRuntime {
    const services = {
      handle: test.handle,
      log: createLogger("silent"),
      now: () => Date.now() + skew,
    } as unknown as CasinoServices;
    const runtime = createCrashRuntime(services, {
      nodeId,
      chainLength: TEST_CHAIN.length,
      testChain: TEST_CHAIN,
      bettingMs: 60_000,
      leaseCheckMs: 50,
      tickMs: 10,
    });
    runtime.start();
    return runtime;
  }

  it("one process hosts; when its lease runs out another takes over, voids the flight and refunds it", async () => {
    const a = startProcess("a", 0);
    await a.ready();
    const b = startProcess("b", 0);
    await b.ready();
    expect(a.engine("HC")?.number).toBe(1);
    expect(b.engine("HC")).toBeUndefined();
    const placed = await a.engine("HC")?.placeBet({ userId: "u1", stake: coins(10), autoCashOut: null });
    expect(placed?.ok).toBe(true);

    // Process a stalls past its lease: c, whose clock is a minute on, finds the lease expired.
    const c = startProcess("c", 60_000);
    await c.ready();
    await eventually(() => c.engine("HC") !== undefined);
    expect(c.engine("HC")?.number).toBe(2);
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(coins(100));
    // a notices it lost the lease and stops hosting; its old round cannot be written any more.
    await eventually(() => a.engine("HC") === undefined);
    const rounds = await crashDb(test.handle.db)
      .selectFrom("crash_rounds")
      .selectAll()
      .where("currency", "=", "HC")
      .orderBy("number")
      .execute();
    expect(rounds.map((r) => [Number(r.number), r.status])).toEqual([
      [1, "void"],
      [2, "betting"],
    ]);
    expect(Number(rounds[1]?.host_epoch)).toBeGreaterThan(Number(rounds[0]?.host_epoch));
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
    await Promise.all([a.stop(), b.stop(), c.stop()]);
  }, 30_000);
});

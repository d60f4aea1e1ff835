import { describe, expect, it } from "vitest";
import { connectDemoClient, securityEventsOf } from "../../http/test-helpers.ts";
import { tamperOldestEntry } from "../../ledger/ledger.test-helpers.ts";
import { useOperatorCasino } from "../test-helpers.ts";

const { casino, operator } = useOperatorCasino();

async function runVega() {
  await casino.services.operator.scheduler?.runNow("vega");
  await casino.flushSecurityEvents();
}

async function dice(client: Awaited<ReturnType<typeof connectDemoClient>>["client"], times: number) {
  for (let i = 0; i < times; i++)
    expect(
      (await client.post("/api/games/dice", { betAmount: 1, currency: "HC", betType: "low" })).status,
    ).toBe(200);
}

/** Starts a full check and waits for its report. */
async function fullCheck() {
  const started = await operator.post("/api/security/ledger/full-check");
  expect(started.status).toBe(202);
  for (let i = 0; i < 200; i++) {
    const status = await operator.get("/api/security/ledger/full-check");
    if (!status.body.running && status.body.last) return status.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the full check did not finish");
}

describe("Vega's incremental runs and full check", () => {
  it("reads only the entries since its last run, on the read worker", async () => {
    expect(casino.services.operator.reads.where).toBe("worker");
    const { client } = await connectDemoClient(casino.url);
    await dice(client, 2);
    await runVega();
    const first = (await operator.get("/api/security/comprehensive")).body.ledger;
    expect(first).toMatchObject({ ok: true, mode: "rebuild" });
    const covered = first.entriesChecked;
    await dice(client, 3);
    await runVega();
    const second = (await operator.get("/api/security/comprehensive")).body.ledger;
    expect(second).toMatchObject({
      ok: true,
      mode: "incremental",
      entriesChecked: covered + second.newEntries,
    });
    expect(second.newEntries).toBeGreaterThanOrEqual(6); // three bets, a debit and a credit each
    expect(second.throughEntryId).toBeGreaterThan(first.throughEntryId);
    const stats = await operator.get("/api/security/vega/stats");
    expect(stats.body).toMatchObject({ bookkeepingEntries: second.entriesChecked, issuesDetected: 0 });
    expect(stats.body.details).toMatchObject({ rebuilds: 1, entriesVerified: second.entriesChecked });
    expect(stats.body.details.lastRunMs).toEqual(expect.any(Number));
  });

  it("leaves an entry changed before the checkpoint to the full check, which alerts once", async () => {
    const { client } = await connectDemoClient(casino.url);
    await dice(client, 1);
    await runVega();
    const old = await tamperOldestEntry(casino.handle.db);
    await runVega();
    expect((await operator.get("/api/security/comprehensive")).body.ledger.ok).toBe(true);

    const report = await fullCheck();
    expect(report.last).toMatchObject({ ok: false, mismatchCount: 2 });
    expect(report.last.mismatches).toContainEqual({
      kind: "unbalanced_transaction",
      txId: old.tx_id,
      currency: old.currency,
      sum: 1,
    });
    await fullCheck();
    const events = await securityEventsOf(casino, "ledger_mismatch");
    expect(events.map((e) => e.rule).sort()).toEqual([
      "vega/balance_vs_entries",
      "vega/unbalanced_transaction",
    ]);
    const scan = await operator.get("/api/security/comprehensive");
    expect(scan.body.ledgerFullCheck).toMatchObject({ running: false, last: { ok: false } });
    expect((await operator.get("/api/security/vega/stats")).body.details.fullChecks).toBe(2);
  });

  it("shows the event-loop delay in the comprehensive view", async () => {
    const scan = await operator.get("/api/security/comprehensive");
    expect(scan.body.eventLoopDelay).toMatchObject({
      windowMs: 60_000,
      thresholdMs: 100,
      window: { p50Ms: expect.any(Number), p99Ms: expect.any(Number), maxMs: expect.any(Number) },
    });
  });
});

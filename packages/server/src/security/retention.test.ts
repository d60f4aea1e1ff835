import { describe, expect, it } from "vitest";
import { connectDemoClient, countRows, useCasino } from "../http/test-helpers.ts";
import { describeAttackers, summarizeEvents } from "../operator/events-figures.ts";
import { LIKE_EVENTS_PER_BATCH } from "./events.ts";
import { pruneSecurityEvents } from "./retention.ts";

describe("security event retention", () => {
  const casino = useCasino();

  const rows = () => countRows(casino.handle.db, "security_events");

  const invalidInputs = async () =>
    (await describeAttackers(casino.handle.db)).attacksByType.find((a) => a.type === "invalid_input")
      ?.count ?? 0;

  it("folds a flood of like events into a few rows and keeps the figures true", async () => {
    const { client } = await connectDemoClient(casino.url);
    await casino.flushSecurityEvents();
    const before = await summarizeEvents(casino.handle.db);
    const invalidBefore = await invalidInputs();
    const rowsBefore = await rows();
    const flood = 600;
    for (let i = 0; i < flood; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () => client.post("/api/crypto/withdraw", { amount: "-5" })),
      );
    }
    await casino.flushSecurityEvents();
    const after = await summarizeEvents(casino.handle.db);
    // Each refused request counts once in the figures, though they are a few rows.
    expect((await invalidInputs()) - invalidBefore).toBe(flood);
    expect(after.total - before.total).toBeGreaterThanOrEqual(flood);
    expect(after.blocked - before.blocked).toBeGreaterThanOrEqual(flood);
    expect(await rows()).toBeLessThan(rowsBefore + flood / 2);
  });

  it("stores a burst of like events as a few rows carrying the whole count", async () => {
    await casino.flushSecurityEvents();
    const rowsBefore = await rows();
    const before = await summarizeEvents(casino.handle.db);
    for (let i = 0; i < 1000; i++) {
      casino.services.security.recordSecurityEvent({
        type: "malformed_input",
        severity: "low",
        location: "POST /api/games/dice",
        details: "burst",
        source: "203.0.113.9",
        blocked: true,
      });
    }
    await casino.flushSecurityEvents();
    expect((await rows()) - rowsBefore).toBe(LIKE_EVENTS_PER_BATCH);
    expect((await summarizeEvents(casino.handle.db)).total - before.total).toBe(1000);
  });

  it("prunes events past the retention window in batches", async () => {
    await casino.flushSecurityEvents();
    const total = await rows();
    expect(total).toBeGreaterThan(2);
    expect(await pruneSecurityEvents(casino.handle.db, Date.now(), { retentionMs: 60_000 })).toBe(0);
    const removed = await pruneSecurityEvents(casino.handle.db, Date.now() + 120_000, {
      retentionMs: 60_000,
      batchSize: 2,
    });
    expect(removed).toBe(total);
    expect(await rows()).toBe(0);
  });
});

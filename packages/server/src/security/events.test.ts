import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connect.ts";
import { createLogger } from "../log.ts";
import { CASINO_MIGRATIONS } from "../migrations.ts";
import { createSecurityEventSink } from "./events.ts";
import { hashSource, loadSourceSalt } from "./source.ts";

describe("the security-event sink", () => {
  const dir = mkdtempSync(join(tmpdir(), "casino-events-"));
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: dir });
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const event = (details: string) => ({
    type: "invalid_input",
    severity: "low" as const,
    location: "POST /api/x",
    details,
    source: "203.0.113.9",
    blocked: true,
  });

  it("stores batched events with a salted, stable source hash and a default risk score", async () => {
    const sink = await createSecurityEventSink(handle, createLogger("silent"), { flushIntervalMs: 10_000 });
    sink.recordSecurityEvent(event("one"));
    sink.recordSecurityEvent({ ...event("two"), severity: "critical", riskScore: 250, rule: "r" });
    expect(await handle.db.selectFrom("security_events").selectAll().execute()).toHaveLength(0);
    await sink.flush();
    const rows = await handle.db.selectFrom("security_events").selectAll().orderBy("id").execute();
    expect(rows.map((r) => [r.details, r.severity, r.risk_score, r.rule])).toEqual([
      ["one", "low", 15, null],
      ["two", "critical", 100, "r"],
    ]);
    const salt = await loadSourceSalt(handle.db);
    expect(rows[0]?.source).toBe(hashSource(salt, "203.0.113.9"));
    expect(rows[0]?.source).not.toContain("203");
    await sink.close();
  });

  it("keeps the same salt across restarts", async () => {
    expect(await loadSourceSalt(handle.db)).toBe(await loadSourceSalt(handle.db));
  });

  it("drops events beyond its buffer instead of growing, and never throws once the database is gone", async () => {
    const sink = await createSecurityEventSink(handle, createLogger("silent"), {
      maxBuffer: 3,
      flushIntervalMs: 10_000,
    });
    for (let i = 0; i < 5; i++) sink.recordSecurityEvent(event(`flood ${i}`));
    expect(sink.droppedCount).toBe(2);
    const goneDir = mkdtempSync(join(tmpdir(), "casino-events-gone-"));
    const gone = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: goneDir });
    const orphan = await createSecurityEventSink(gone, createLogger("silent"));
    await gone.close();
    rmSync(goneDir, { recursive: true, force: true });
    expect(() => orphan.recordSecurityEvent(event("late"))).not.toThrow();
    await expect(orphan.flush()).resolves.toBeUndefined();
    await sink.close();
  });
});

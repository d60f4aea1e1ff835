/**
 * The WAL warning: a reader in another process holds a read snapshot on the live file, writes grow
 * the WAL past a small configured size, and the casino says so (gauge, security event naming the
 * reader's process).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createClient, securityEventsOf, useCasino } from "../http/test-helpers.ts";
import { startOperatorCasino } from "../operator/test-helpers.ts";
import { walBytesOf } from "./wal-watch.ts";

/** Above the WAL the migrations leave, below what the checkpointer lets a free WAL reach (8 MB). */
const LIMIT = 4 * 1024 * 1024;

/** A process that opens the file, starts a read transaction and keeps it open until killed. */
function startPinningReader(file: string): Promise<ChildProcess> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const source = `
    const Database = require(${JSON.stringify(driver)});
    const db = new Database(${JSON.stringify(file)}, { readonly: true });
    db.prepare("begin").run();
    db.prepare("select count(*) from users").get();
    process.stdout.write("pinned\\n");
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`reader exited with ${code}`)));
  });
}

/** Sleeps a little (polling, not timing). */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the SQLite WAL watch", () => {
  const casino = useCasino(() =>
    startOperatorCasino({}, { walWarnBytes: LIMIT, walCheckMs: 50, metricsPort: 0 }),
  );
  let reader: ChildProcess | undefined;
  afterAll(() => {
    reader?.kill("SIGKILL");
  });

  it("warns with a security event naming the process whose reader pins a growing WAL", async () => {
    const file = join(casino.dataDir, "casino.sqlite");
    reader = await startPinningReader(file);
    const filler = "x".repeat(16_000);
    for (let i = 0; walBytesOf(file) <= LIMIT && i < 2000; i += 1) {
      await casino.handle.db
        .insertInto("settings")
        .values({ key: `wal-test-${i}`, value: filler, updated_at: i })
        .execute();
    }
    expect(walBytesOf(file)).toBeGreaterThan(LIMIT);

    let events: Awaited<ReturnType<typeof securityEventsOf>> = [];
    for (let tries = 0; events.length === 0 && tries < 200; tries += 1) {
      await pause(50);
      events = await securityEventsOf(casino, "wal_oversize");
    }
    expect(events.length).toBeGreaterThan(0);
    const event = events[0];
    expect(event?.severity).toBe("high");
    expect(event?.details).toMatch(
      /^The SQLite WAL is [\d.]+ MB, past its 4\.0 MB: a reader is pinning it\./,
    );
    expect(event?.details).toContain("SQLite does not name the connection whose read snapshot pins the WAL");
    expect(event?.details).toContain(`pid ${reader.pid} (`);

    const metrics = await createClient(casino.metricsUrl ?? "").get("/metrics");
    const line = metrics.text.split("\n").find((l) => l.startsWith("casino_sqlite_wal_bytes "));
    expect(Number(line?.split(" ")[1])).toBeGreaterThan(LIMIT);
  });
});

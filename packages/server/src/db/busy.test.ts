import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CASINO_MIGRATIONS } from "../migrations.ts";
import { useTempDir } from "../temp-dir.test-helpers.ts";
import { isDatabaseBusy } from "./busy.ts";
import { type DatabaseHandle, MAIN_BUSY_TIMEOUT_MS, openDatabase } from "./connect.ts";
import { MAX_GROUP_SIZE } from "./group-commit.ts";
import { runWrite } from "./steps.ts";
import { runInTransaction, runSteps } from "./transaction.ts";

describe("isDatabaseBusy", () => {
  it("knows SQLite's busy and locked codes and PostgreSQL's lock_not_available, nothing else", () => {
    for (const code of [
      "SQLITE_BUSY",
      "SQLITE_BUSY_SNAPSHOT",
      "SQLITE_BUSY_TIMEOUT",
      "SQLITE_LOCKED",
      "55P03",
    ])
      expect(isDatabaseBusy({ code }), code).toBe(true);
    for (const error of [
      { code: "SQLITE_CONSTRAINT" },
      { code: "40001" },
      new Error("SQLITE_BUSY"),
      null,
      "x",
    ])
      expect(isDatabaseBusy(error)).toBe(false);
  });
});

describe("writes while another process holds the write lock", () => {
  const dir = useTempDir("casino-busy-");
  let handle: DatabaseHandle;
  let other: SQLite.Database;
  beforeEach(async () => {
    handle = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: dir });
    other = new SQLite(join(dir, "casino.sqlite"));
  });
  afterEach(async () => {
    if (other.inTransaction) other.exec("rollback");
    other.close();
    await handle.close();
  });

  const count = (prefix: string) =>
    (other.prepare("select count(*) as n from settings where key like ?").get(`${prefix}%`) as { n: number })
      .n;
  const insertSteps = (key: string) =>
    runSteps(handle, function* (q) {
      yield* runWrite(q.insertInto("settings").values({ key, value: "1", updated_at: 1 }));
      return { ok: true as const };
    });

  it("fails every body of a group commit at once with SQLITE_BUSY and leaves the connection usable", async () => {
    other.exec("begin immediate");
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => insertSteps(`busy-${i}`)));
    const elapsed = performance.now() - started;
    expect(results.every((r) => r.status === "rejected" && isDatabaseBusy(r.reason))).toBe(true);
    // One short lock wait for the whole group, never the seconds of a long busy timeout.
    expect(elapsed).toBeLessThan(MAIN_BUSY_TIMEOUT_MS + 500);
    expect(handle.sqlite?.inTransaction).toBe(false);
    other.exec("rollback");
    expect(count("busy-")).toBe(0);

    await expect(insertSteps("busy-after")).resolves.toEqual({ ok: true });
    expect(count("busy-")).toBe(1);
  });

  it("fails a backlog of several groups after one lock wait, not one wait per group", async () => {
    handle.sqlite?.pragma("busy_timeout = 300");
    other.exec("begin immediate");
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 4 * MAX_GROUP_SIZE }, (_, i) => insertSteps(`backlog-${i}`)),
    );
    const elapsed = performance.now() - started;
    other.exec("rollback");
    expect(results.every((r) => r.status === "rejected" && isDatabaseBusy(r.reason))).toBe(true);
    expect(elapsed).toBeLessThan(2 * 300);
    expect(count("backlog-")).toBe(0);
  });

  it("fails runInTransaction with SQLITE_BUSY before its body runs, and the next one commits", async () => {
    other.exec("begin immediate");
    let ran = false;
    const attempt = runInTransaction(handle, async (trx) => {
      ran = true;
      await trx.insertInto("settings").values({ key: "busy-tx", value: "1", updated_at: 1 }).execute();
      return { ok: true as const };
    });
    await expect(attempt).rejects.toSatisfy(isDatabaseBusy);
    expect(ran).toBe(false);
    other.exec("rollback");
    await runInTransaction(handle, async (trx) => {
      await trx.insertInto("settings").values({ key: "busy-tx", value: "1", updated_at: 1 }).execute();
    });
    expect(count("busy-tx")).toBe(1);
  });

  it("rolls back a transaction whose COMMIT fails, so the connection takes the next one", async () => {
    handle.sqlite?.exec(
      "create table if not exists busy_parent (id integer primary key);" +
        "create table if not exists busy_child (parent integer references busy_parent(id) deferrable initially deferred)",
    );
    // A deferred foreign key is checked at COMMIT: the COMMIT fails and SQLite keeps the transaction open.
    await expect(
      runInTransaction(handle, async (trx) => {
        await trx
          .insertInto("busy_child" as never)
          .values({ parent: 42 } as never)
          .execute();
      }),
    ).rejects.toThrow(/FOREIGN KEY/);
    expect(handle.sqlite?.inTransaction).toBe(false);
    await expect(insertSteps("busy-next")).resolves.toEqual({ ok: true });
    expect(other.prepare("select count(*) as n from busy_child").get()).toEqual({ n: 0 });
  });
});

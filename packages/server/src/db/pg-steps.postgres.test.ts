import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { countRoundTrips } from "./pg-round-trips.test-helpers.ts";
import { fetchAllAndCommit, fetchFirst, type QueryBuilder, runWrite, runWriteUnread } from "./steps.ts";
import { postgresUrlForTests, useTestDatabase } from "./test-databases.ts";
import { runSteps } from "./transaction.ts";

describe.runIf(postgresUrlForTests())("step bodies pipelined on PostgreSQL", () => {
  const test = useTestDatabase("postgres", undefined, 1);

  const setting = async (key: string) =>
    (await test.handle.db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst())
      ?.value;
  const insertSetting = (key: string, value = "1") =>
    test.handle.db.insertInto("settings").values({ key, value, updated_at: 0 });

  it("sends BEGIN with the first statement, unread writes with the next read, COMMIT with the last", async () => {
    const trips = countRoundTrips(test.handle);
    const seen = await runSteps(test.handle, function* (q) {
      yield* runWriteUnread(q.insertInto("settings").values({ key: "a", value: "1", updated_at: 1 }));
      yield* runWriteUnread(q.insertInto("settings").values({ key: "b", value: "2", updated_at: 1 }));
      const read = yield* fetchFirst(q.selectFrom("settings").select(sql<number>`count(*)`.as("n")));
      yield* runWriteUnread(q.updateTable("settings").set({ value: "3" }).where("key", "=", "b"));
      const rows = yield* fetchAllAndCommit(q.selectFrom("settings").select(["key", "value"]).orderBy("key"));
      return { ok: true as const, count: Number(read?.n), rows };
    });
    expect(seen).toEqual({
      ok: true,
      count: 2,
      rows: [
        { key: "a", value: "1" },
        { key: "b", value: "3" },
      ],
    });
    expect(trips.count).toBe(2);
    expect(await setting("b")).toBe("3");
  });

  it("commits writes nobody read in one round trip, and sends nothing for a body without statements", async () => {
    const trips = countRoundTrips(test.handle);
    await runSteps(test.handle, function* (q) {
      yield* runWriteUnread(q.insertInto("settings").values({ key: "a", value: "1", updated_at: 1 }));
      return { ok: true as const };
    });
    expect(trips.count).toBe(1);
    const none: string[] = [];
    await runSteps(test.handle, function* (q) {
      for (const key of none)
        yield* runWriteUnread(q.insertInto("settings").values({ key, value: "1", updated_at: 1 }));
      return { ok: true as const };
    });
    expect(trips.count).toBe(1);
    expect(await setting("a")).toBe("1");
  });

  it("drops and rolls back everything of a body that returns a failure value", async () => {
    const value = await runSteps(test.handle, function* (q) {
      yield* runWrite(q.insertInto("settings").values({ key: "a", value: "1", updated_at: 1 }));
      yield* runWriteUnread(q.insertInto("settings").values({ key: "b", value: "1", updated_at: 1 }));
      return { ok: false as const, code: "test/refused" };
    });
    expect(value).toEqual({ ok: false, code: "test/refused" });
    expect(await setting("a")).toBeUndefined();
    expect(await setting("b")).toBeUndefined();
  });

  // Invariant: an unread write that fails fails its whole transaction, wherever it was sent.
  it("fails the transaction of a failing unread write, leaving the connection clean", async () => {
    await insertSetting("taken").execute();
    const failing = runSteps(test.handle, function* (q) {
      yield* runWrite(q.insertInto("settings").values({ key: "a", value: "1", updated_at: 1 }));
      yield* runWriteUnread(q.insertInto("settings").values({ key: "taken", value: "2", updated_at: 1 }));
      yield* fetchAllAndCommit(q.selectFrom("settings").select("key"));
      return { ok: true as const };
    });
    await expect(failing).rejects.toMatchObject({ code: "23505" });
    expect(await setting("a")).toBeUndefined();
    expect(await setting("taken")).toBe("1");
    // The single pooled connection is out of the failed transaction: the next body commits.
    await runSteps(test.handle, function* (q) {
      yield* runWrite(q.insertInto("settings").values({ key: "c", value: "1", updated_at: 1 }));
      return { ok: true as const };
    });
    expect(await setting("c")).toBe("1");
  });

  it("refuses a statement or a failure value after the statement the transaction committed with", async () => {
    await expect(
      runSteps(test.handle, function* (q) {
        yield* fetchAllAndCommit(q.insertInto("settings").values({ key: "a", value: "1", updated_at: 1 }));
        yield* runWrite(q.insertInto("settings").values({ key: "b", value: "1", updated_at: 1 }));
        return { ok: true as const };
      }),
    ).rejects.toThrow(/after the one the transaction committed with/);
    await expect(
      runSteps(test.handle, function* (q) {
        yield* fetchAllAndCommit(q.insertInto("settings").values({ key: "c", value: "1", updated_at: 1 }));
        return { ok: false as const };
      }),
    ).rejects.toThrow(/failure value after the transaction committed/);
    expect(await setting("b")).toBeUndefined();
  });

  it("parses a statement once per connection, also when a pipeline repeats it or failed before it", async () => {
    await insertSetting("taken").execute();
    const update = (key: string) => (q: QueryBuilder) =>
      q.updateTable("settings").set({ value: "2" }).where("key", "=", key);
    // The pipeline fails at its first statement: the server skips the Parse of the update after it.
    await expect(
      runSteps(test.handle, function* (q) {
        yield* runWriteUnread(q.insertInto("settings").values({ key: "taken", value: "3", updated_at: 1 }));
        yield* runWriteUnread(update("taken")(q));
        return { ok: true as const };
      }),
    ).rejects.toMatchObject({ code: "23505" });
    await expect(
      runSteps(test.handle, function* (q) {
        yield* runWrite({ compile: () => sql`select * from no_such_table`.compile(q) });
        return { ok: true as const };
      }),
    ).rejects.toMatchObject({ code: "42P01" });
    // The same insert twice in one pipeline, then the update skipped above: each parsed once.
    await runSteps(test.handle, function* (q) {
      yield* runWriteUnread(q.insertInto("settings").values({ key: "y1", value: "1", updated_at: 1 }));
      yield* runWriteUnread(q.insertInto("settings").values({ key: "y2", value: "1", updated_at: 1 }));
      yield* runWriteUnread(update("taken")(q));
      return { ok: true as const };
    });
    await runSteps(test.handle, function* (q) {
      yield* runWriteUnread(q.insertInto("settings").values({ key: "z1", value: "1", updated_at: 1 }));
      yield* runWriteUnread(update("y1")(q));
      return { ok: true as const };
    });
    const rows = await test.handle.db
      .selectFrom("settings")
      .select(["key", "value"])
      .orderBy("key")
      .execute();
    expect(rows).toEqual([
      { key: "taken", value: "2" },
      { key: "y1", value: "2" },
      { key: "y2", value: "1" },
      { key: "z1", value: "1" },
    ]);
  });
});

describe.runIf(postgresUrlForTests())("pipelined step bodies under a deadlock", () => {
  const test = useTestDatabase("postgres", async (handle) => {
    await handle.db
      .insertInto("settings")
      .values([
        { key: "x", value: "0", updated_at: 0 },
        { key: "y", value: "0", updated_at: 0 },
      ])
      .execute();
  });

  it("retries the body PostgreSQL aborted as the deadlock victim", async () => {
    let calls = 0;
    // Each body locks one row, sleeps while the other locks its row, then wants the other row.
    const crossing = (first: string, second: string) =>
      runSteps(test.handle, function* (q) {
        calls++;
        yield* runWrite(q.updateTable("settings").set({ value: first }).where("key", "=", first));
        yield* fetchFirst({ compile: () => sql`select pg_sleep(0.3)`.compile(q) });
        yield* runWrite(q.updateTable("settings").set({ value: first }).where("key", "=", second));
        return { ok: true as const };
      });
    const results = await Promise.all([crossing("x", "y"), crossing("y", "x")]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(calls).toBe(3);
  });
});

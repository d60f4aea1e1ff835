import { describe, expect, it } from "vitest";
import { fetchFirst, runWrite } from "./steps.ts";
import { testDialects, useTestDatabase } from "./test-databases.ts";
import { isFailureValue, runInTransaction, runSteps } from "./transaction.ts";

describe.each(testDialects())("transactions on %s", (dialect) => {
  const test = useTestDatabase(dialect);

  const setting = async (key: string) =>
    (await test.handle.db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst())
      ?.value;

  it("commits a body's writes and returns its value", async () => {
    const value = await runInTransaction(test.handle, async (trx) => {
      await trx.insertInto("settings").values({ key: "a", value: "1", updated_at: 1 }).execute();
      return { ok: true as const, n: 1 };
    });
    expect(value).toEqual({ ok: true, n: 1 });
    expect(await setting("a")).toBe("1");
  });

  it("rolls back a body that returns a failure value, and returns that value", async () => {
    const value = await runInTransaction(test.handle, async (trx) => {
      await trx.insertInto("settings").values({ key: "b", value: "1", updated_at: 1 }).execute();
      return { ok: false as const, code: "test/refused" };
    });
    expect(value).toEqual({ ok: false, code: "test/refused" });
    expect(await setting("b")).toBeUndefined();
  });

  it("rolls back and rethrows a body that throws", async () => {
    await expect(
      runInTransaction(test.handle, async (trx) => {
        await trx.insertInto("settings").values({ key: "c", value: "1", updated_at: 1 }).execute();
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await setting("c")).toBeUndefined();
  });

  it("runs concurrent step bodies as if one after the other; a refused or failing body leaves no trace", async () => {
    // Every body locks the counter (a touching update, as the round service does), reads it and
    // writes it + 1: lost updates would show as a smaller total.
    await test.handle.db
      .insertInto("settings")
      .values({ key: "counter", value: "0", updated_at: 0 })
      .execute();
    const bump = (i: number) =>
      runSteps(test.handle, function* (q) {
        yield* runWrite(q.updateTable("settings").set({ updated_at: i }).where("key", "=", "counter"));
        const row = yield* fetchFirst(q.selectFrom("settings").select("value").where("key", "=", "counter"));
        const next = Number(row?.value) + 1;
        yield* runWrite(
          q
            .updateTable("settings")
            .set({ value: String(next) })
            .where("key", "=", "counter"),
        );
        if (i % 7 === 3) return { ok: false as const, code: "test/refused" };
        if (i % 11 === 5) throw new Error(`body ${i} failed`);
        return { ok: true as const, i };
      });
    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => bump(i)));
    const committed = results.filter((r) => r.status === "fulfilled" && !isFailureValue(r.value)).length;
    const refused = results.filter((r) => r.status === "fulfilled" && isFailureValue(r.value)).length;
    const thrown = results.filter((r) => r.status === "rejected").length;
    expect(refused).toBe(Array.from({ length: 60 }, (_, i) => i).filter((i) => i % 7 === 3).length);
    expect(thrown).toBe(
      Array.from({ length: 60 }, (_, i) => i).filter((i) => i % 11 === 5 && i % 7 !== 3).length,
    );
    expect(committed + refused + thrown).toBe(60);
    expect(Number(await setting("counter"))).toBe(committed);
  });

  it("never shows another query of the process half of a body", async () => {
    // Each body writes a pair of rows; a reader running meanwhile must always count pairs.
    const work: Promise<unknown>[] = [];
    const counts: Promise<number>[] = [];
    for (let i = 0; i < 40; i++) {
      work.push(
        runSteps(test.handle, function* (q) {
          yield* runWrite(q.insertInto("settings").values({ key: `a${i}`, value: "x", updated_at: i }));
          yield* runWrite(q.insertInto("settings").values({ key: `b${i}`, value: "x", updated_at: i }));
          return { ok: true as const };
        }),
      );
      if (i % 5 === 0) {
        counts.push(
          test.handle.db
            .selectFrom("settings")
            .select("key")
            .execute()
            .then((rows) => rows.length),
        );
      }
    }
    await Promise.all(work);
    for (const count of await Promise.all(counts)) expect(count % 2).toBe(0);
    expect((await test.handle.db.selectFrom("settings").select("key").execute()).length).toBe(80);
  });

  it("refuses a nested call on the same database instead of deadlocking", async () => {
    await expect(
      runInTransaction(test.handle, async () =>
        runSteps(test.handle, function* (q) {
          return yield* fetchFirst(q.selectFrom("settings").select("key"));
        }),
      ),
    ).rejects.toThrow(/inside runInTransaction/);
    await expect(
      runInTransaction(test.handle, async () => runInTransaction(test.handle, async () => 1)),
    ).rejects.toThrow(/inside runInTransaction/);
  });

  it.runIf(dialect === "postgres")(
    "retries a transaction PostgreSQL aborted as a deadlock victim",
    async () => {
      await test.handle.db
        .insertInto("settings")
        .values([
          { key: "x", value: "0", updated_at: 0 },
          { key: "y", value: "0", updated_at: 0 },
        ])
        .execute();
      let calls = 0;
      let arrived = 0;
      let release: () => void = () => {};
      const bothLocked = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Each body locks one row, waits until the other has locked its row, then wants the other row.
      const crossing = (first: string, second: string) =>
        runInTransaction(test.handle, async (trx) => {
          calls++;
          await trx.updateTable("settings").set({ value: first }).where("key", "=", first).execute();
          if (++arrived === 2) release();
          await bothLocked;
          await trx.updateTable("settings").set({ value: first }).where("key", "=", second).execute();
          return { ok: true as const };
        });
      const results = await Promise.all([crossing("x", "y"), crossing("y", "x")]);
      expect(results).toEqual([{ ok: true }, { ok: true }]);
      expect(calls).toBeGreaterThanOrEqual(3);
    },
  );
});

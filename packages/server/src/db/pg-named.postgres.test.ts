import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { MAX_NAMED_PER_CONNECTION } from "./pg-named.ts";
import { postgresUrlForTests, useTestDatabase } from "./test-databases.ts";

describe.runIf(postgresUrlForTests())("named statements on PostgreSQL", () => {
  const test = useTestDatabase("postgres", undefined, 1);

  /** The statements the (single) pooled connection has prepared. */
  async function preparedTexts(): Promise<string[]> {
    const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(
      test.handle.db,
    );
    return rows.map((r) => r.statement);
  }

  it("prepares a parameterised statement once per connection and reuses it", async () => {
    const read = (key: string) =>
      test.handle.db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
    await test.handle.db.insertInto("settings").values({ key: "a", value: "1", updated_at: 1 }).execute();
    expect(await read("a")).toEqual({ value: "1" });
    expect(await read("b")).toBeUndefined();
    const texts = await preparedTexts();
    expect(texts.filter((t) => t.includes('from "settings" where "key" = $1'))).toHaveLength(1);
    expect(MAX_NAMED_PER_CONNECTION).toBeGreaterThan(texts.length);
  });

  // Invariant: a table changing shape under a prepared statement fails that call only once.
  it("renames its statements after a table under one changed shape", async () => {
    const readAll = () => test.handle.db.selectFrom("settings").selectAll().where("key", "=", "a").execute();
    await test.handle.db.insertInto("settings").values({ key: "a", value: "1", updated_at: 1 }).execute();
    await readAll();
    await sql`ALTER TABLE settings ADD COLUMN extra text`.execute(test.handle.db);
    await readAll().catch((error: { code?: string }) => expect(error.code).toBe("0A000"));
    expect(await readAll()).toEqual([{ key: "a", value: "1", updated_at: 1, extra: null }]);
  });
});

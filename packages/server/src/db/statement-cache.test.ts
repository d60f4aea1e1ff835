import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { withStatementCache } from "./statement-cache.ts";

describe("withStatementCache", () => {
  const dir = mkdtempSync(join(tmpdir(), "casino-statement-cache-"));
  const sqlite = new SQLite(join(dir, "cache.sqlite"));
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    prepared.push(text);
    return prepare(text);
  }) as typeof sqlite.prepare;
  const db = new Kysely<{ notes: { id: number; text: string } }>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("prepares a query's SQL once and runs it with each call's values", async () => {
    await db.schema
      .createTable("notes")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("text", "text")
      .execute();
    for (const [id, text] of [
      [1, "one"],
      [2, "two"],
      [3, "three"],
    ] as const)
      await db.insertInto("notes").values({ id, text }).execute();
    const read = (id: number) =>
      db.selectFrom("notes").select("text").where("id", "=", id).executeTakeFirst();
    expect(await read(2)).toEqual({ text: "two" });
    expect(await read(3)).toEqual({ text: "three" });
    expect(await read(9)).toBeUndefined();
    const inserts = prepared.filter((text) => text.startsWith("insert"));
    const selects = prepared.filter((text) => text.startsWith("select"));
    expect(inserts).toHaveLength(1);
    expect(selects).toHaveLength(1);
  });

  it("reports the rows a write changed, as Kysely's own driver does", async () => {
    const result = await db
      .updateTable("notes")
      .set({ text: "changed" })
      .where("id", ">", 1)
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
  });
});

import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { addColumns, index, schemaMigration, table } from "./tables.ts";
import { testDialects, useTestDatabase } from "./test-databases.ts";

type ProbeDb = Kysely<{
  probes: { id?: number; name: string | null; code: string; amount: number; note: string | null };
}>;

const probeMigration = schemaMigration(
  table(
    "probes",
    { id: "bigserial primary key", name: "text null", code: "text unique", amount: "bigint" },
    { checks: { probes_amount_non_negative: sql`amount >= 0` }, indexes: { probes_amount: ["amount"] } },
  ),
  addColumns("probes", { note: "text null" }),
  index("probes_one_free_name", "probes", ["name"], { unique: true, where: { amount: 0 } }),
);

describe.each(testDialects())("tables declared as data on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("numbers the rows itself, keeps 64-bit integers, and enforces NOT NULL, unique, checks and partial indexes", async () => {
    const { db } = database.handle;
    await probeMigration(dialect).up(db as Kysely<unknown>);
    const probes = db as unknown as ProbeDb;
    const insert = (row: { name?: string | null; code?: string | null; amount?: number }) =>
      probes
        .insertInto("probes")
        .values({ name: null, code: "a", amount: 1, ...row } as never)
        .execute();

    await insert({ code: "a", amount: 2 ** 40 });
    await insert({ code: "b", name: "named" });
    const rows = await probes.selectFrom("probes").selectAll().orderBy("id").execute();
    expect(rows.map((row) => [Number(row.id), row.name, row.code, Number(row.amount), row.note])).toEqual([
      [1, null, "a", 2 ** 40, null],
      [2, "named", "b", 1, null],
    ]);
    await expect(insert({ code: "a" })).rejects.toThrow(/unique/i);
    await expect(insert({ code: null })).rejects.toThrow(/null/i);
    await expect(insert({ code: "c", amount: -1 })).rejects.toThrow(/check/i);
    await insert({ code: "x", name: "free", amount: 0 });
    await insert({ code: "y", name: "free", amount: 3 });
    await expect(insert({ code: "z", name: "free", amount: 0 })).rejects.toThrow(/unique/i);
  });
});

import pg from "pg";
import { describe, expect, it } from "vitest";
import { openTestDatabase, postgresUrlForTests } from "./test-databases.ts";

const url = postgresUrlForTests();

/** Creates and drops schemas with a serial column on another connection until `stop` says so. */
async function churnSchemas(stop: () => boolean): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let cycles = 0;
  try {
    while (!stop()) {
      const schema = `casino_churn_${process.pid}_${cycles}`;
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.query(`CREATE TABLE ${schema}.t (id bigserial primary key)`);
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      cycles++;
    }
  } finally {
    await admin.end();
  }
  return cycles;
}

describe.runIf(url)("schema-scoped introspection on PostgreSQL", () => {
  it("lists only the tables of its own schema, with serial columns marked", async () => {
    const test = await openTestDatabase("postgres", 2);
    try {
      const tables = await test.handle.db.introspection.getTables({ withInternalKyselyTables: true });
      const names = tables.map((t) => t.name);
      expect(names).toContain("balances");
      expect(names).toContain("kysely_migration");
      expect(new Set(tables.map((t) => t.schema)).size).toBe(1);
      const entries = tables.find((t) => t.name === "ledger_entries");
      expect(entries?.columns.find((c) => c.name === "id")?.isAutoIncrementing).toBe(true);
      expect(entries?.columns.find((c) => c.name === "delta")?.isAutoIncrementing).toBe(false);
      const plain = await test.handle.db.introspection.getTables();
      expect(plain.map((t) => t.name)).not.toContain("kysely_migration");
    } finally {
      await test.cleanup();
    }
  });

  // Invariant: a test's start-up never fails because another connection drops its own schema
  // (was `3F000 schema does not exist` from the migrator listing every schema's tables).
  it("opens and migrates databases while other schemas are created and dropped", async () => {
    let done = false;
    const churn = churnSchemas(() => done);
    try {
      for (let i = 0; i < 4; i++) {
        const opened = await Promise.all([openTestDatabase("postgres", 2), openTestDatabase("postgres", 2)]);
        await Promise.all(opened.map((t) => t.cleanup()));
      }
    } finally {
      done = true;
    }
    expect(await churn).toBeGreaterThan(0);
  }, 60_000);
});

/** The casino's migrations, composed from each domain's own, keep the released ids and order. */
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, dropPostgresSchema, migrateDatabase, openDatabase } from "./db/connect.ts";
import { DB_MIGRATIONS } from "./db/migrations.ts";
import { composeMigrations, migrationsFor } from "./db/migrator.ts";
import { postgresUrlForTests, testDialects } from "./db/test-databases.ts";
import { checkMigrations } from "./metrics/probes.ts";
import { CASINO_MIGRATIONS } from "./migrations.ts";
import { useTempDir } from "./temp-dir.test-helpers.ts";

/** Every released migration id, in the order databases recorded them. */
const RELEASED = [
  "0001_initial",
  "0002_unique_active_rows",
  "0003_free_spins",
  "0100_poker",
  "0200_security",
  "0300_bookkeeper",
  "0410_idempotency_request_hash",
  "0420_security_event_counts",
  "0500_responsible_gaming",
  "0530_standings",
  "0560_floor_chat",
  "0580_floor_feed_privacy",
  "0600_tournaments",
  "0700_poker_hand_status",
  "0710_lookup_indexes",
  "0720_require_unchanged",
  "0730_tournament_hosts",
  "0760_demo_recovery",
  "0770_auto_settled_rounds",
  "0790_crash",
  "0800_username_keys",
  "0810_drop_unread_ledger_index",
];

/** The migration ids a database recorded, in the order it ran them. */
async function recorded(handle: DatabaseHandle): Promise<string[]> {
  const rows = await sql<{
    name: string;
  }>`SELECT name FROM kysely_migration ORDER BY timestamp, name`.execute(handle.db);
  return rows.rows.map((row) => row.name);
}

describe("the composed migrations", () => {
  it("keep every released id, in the released order", () => {
    expect(Object.keys(CASINO_MIGRATIONS)).toEqual(RELEASED);
  });

  it("refuse an id two domains both claim, and order the rest by id", () => {
    const step = DB_MIGRATIONS["0001_initial"] as NonNullable<(typeof DB_MIGRATIONS)[string]>;
    expect(() => composeMigrations({ "0900_a": step }, { "0900_a": step })).toThrow(
      /0900_a is declared twice/,
    );
    expect(Object.keys(composeMigrations({ "0900_b": step }, { "0100_a": step }))).toEqual([
      "0100_a",
      "0900_b",
    ]);
  });
});

describe.each(testDialects())("a database of an earlier release on %s", (dialect) => {
  const dir = useTempDir("casino-release-");
  const pgUrl = postgresUrlForTests();
  const schema = `casino_test_${process.pid}_${Date.now()}_release`;
  afterEach(async () => {
    if (dialect === "postgres" && pgUrl) await dropPostgresSchema(pgUrl, schema);
  });

  it("is brought up to date by the composed list, each migration once, in order", async () => {
    const handle = await openDatabase(
      dialect === "postgres"
        ? { dataDir: dir, databaseUrl: pgUrl as string, pgSchema: schema }
        : { dataDir: dir },
    );
    try {
      const older = await new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => migrationsFor(CASINO_MIGRATIONS, dialect) },
        ...(dialect === "postgres" ? { migrationTableSchema: schema } : {}),
      }).migrateTo("0720_require_unchanged");
      expect(older.error).toBeUndefined();
      expect(await recorded(handle)).toEqual(
        RELEASED.slice(0, RELEASED.indexOf("0720_require_unchanged") + 1),
      );
      await migrateDatabase(handle, CASINO_MIGRATIONS);
      await migrateDatabase(handle, CASINO_MIGRATIONS);
      expect(await recorded(handle)).toEqual(RELEASED);
      await expect(checkMigrations(handle)).resolves.toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});

describe("a database opened without migrations", () => {
  const dir = useTempDir("casino-unmigrated-");

  it("is not ready until migrateDatabase ran, then it is", async () => {
    const handle = await openDatabase({ dataDir: dir });
    try {
      await expect(checkMigrations(handle)).rejects.toThrow(/not migrated/);
      await migrateDatabase(handle, CASINO_MIGRATIONS);
      expect(handle.migrations).toEqual(RELEASED);
      await expect(checkMigrations(handle)).resolves.toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/connect.ts";
import { migrateToLatest, migrationsFor } from "../db/migrator.ts";
import { CASINO_MIGRATIONS } from "../migrations.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A SQLite file migrated up to the schema before username keys, holding these users. */
async function openOldDatabase(users: { id: string; wallet: string; username: string; at: number }[]) {
  const dir = mkdtempSync(join(tmpdir(), "casino-names-"));
  dirs.push(dir);
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SQLite(join(dir, "casino.sqlite")) }),
  });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(CASINO_MIGRATIONS, "sqlite") },
  });
  const { error } = await migrator.migrateTo("0720_require_unchanged");
  if (error) throw error;
  for (const u of users) {
    await sql`insert into users (id, wallet_address, username, kind, created_at)
      values (${u.id}, ${u.wallet}, ${u.username}, 'demo', ${u.at})`.execute(db);
  }
  return { db, dir };
}

describe("migration 0800_username_keys", () => {
  it("settles existing look-alike and staff names oldest first, then the database refuses a clash", async () => {
    const { db, dir } = await openOldDatabase([
      { id: "u-impostor", wallet: "DEMOIMPOSTOR1", username: "Nova", at: 2 },
      { id: "u-original", wallet: "DEMOORIGINAL1", username: "nova", at: 1 },
      { id: "u-cyrillic", wallet: "DEMOCYRILLIC1", username: "n\u043eva", at: 3 },
      { id: "u-staff", wallet: "DEMOSTAFFXXX1", username: "Operator", at: 4 },
      { id: "u-plain", wallet: "DEMOPLAINXXX1", username: "cosmic_LAINXXX1", at: 5 },
    ]);
    await migrateToLatest(db, "sqlite", CASINO_MIGRATIONS);
    const rows = await sql<{ id: string; username: string; username_key: string }>`
      select id, username, username_key from users order by id`.execute(db);
    expect(Object.fromEntries(rows.rows.map((r) => [r.id, r.username]))).toEqual({
      "u-original": "nova",
      "u-impostor": "cosmic_MPOSTOR1",
      "u-cyrillic": "cosmic_YRILLIC1",
      "u-staff": "cosmic_TAFFXXX1",
      "u-plain": "cosmic_LAINXXX1",
    });
    expect(rows.rows.every((r) => r.username_key.length > 0)).toBe(true);
    await db.destroy();

    const handle = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: dir });
    try {
      const clash = handle.db
        .insertInto("users")
        .values({
          id: "u-late",
          wallet_address: "DEMOLATEXXXX1",
          username: "NOVA",
          username_key: "nova",
          kind: "demo",
          created_at: 9,
        })
        .execute();
      await expect(clash).rejects.toThrow(/UNIQUE constraint failed: users.username_key/);
    } finally {
      await handle.close();
    }
  });
});

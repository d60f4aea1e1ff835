import { describe, expect, it } from "vitest";
import { CASINO_MIGRATIONS } from "../migrations.ts";
import { useTempDir } from "../temp-dir.test-helpers.ts";
import {
  dropPostgresSchema,
  FALLBACK_AUTOCHECKPOINT_PAGES,
  MAIN_BUSY_TIMEOUT_MS,
  openDatabase,
} from "./connect.ts";
import { postgresUrlForTests } from "./test-databases.ts";

describe("openDatabase", () => {
  const dir = useTempDir("casino-db-");

  it("creates and migrates a SQLite file in WAL mode, and is idempotent on reopen", async () => {
    const first = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: dir });
    expect(first.sqlite?.pragma("journal_mode", { simple: true })).toBe("wal");
    await first.db.insertInto("settings").values({ key: "k", value: "v", updated_at: 1 }).execute();
    await first.close();
    const second = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: dir });
    const row = await second.db.selectFrom("settings").selectAll().executeTakeFirst();
    expect(row?.value).toBe("v");
    await second.close();
  });

  it("never lets the main connection wait long for a lock nor checkpoint on commit while the worker does", async () => {
    const withWorker = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: dir });
    expect(withWorker.sqlite?.pragma("busy_timeout", { simple: true })).toBe(MAIN_BUSY_TIMEOUT_MS);
    expect(withWorker.sqlite?.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    await withWorker.close();
    const alone = await openDatabase({
      migrations: CASINO_MIGRATIONS,
      dataDir: dir,
      backgroundCheckpoints: false,
    });
    expect(alone.sqlite?.pragma("busy_timeout", { simple: true })).toBe(MAIN_BUSY_TIMEOUT_MS);
    expect(alone.sqlite?.pragma("wal_autocheckpoint", { simple: true })).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
    await alone.close();
  });

  it("refuses a negative user balance through the CHECK constraint", async () => {
    const handle = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: dir });
    await expect(
      handle.db
        .insertInto("balances")
        .values({ account_id: "user-1", currency: "HC", balance: -1, updated_at: 1 })
        .execute(),
    ).rejects.toThrow(/CHECK/i);
    await handle.close();
  });

  const pgUrl = postgresUrlForTests();
  it.runIf(pgUrl)("migrates PostgreSQL in its own schema and reads bigints as numbers", async () => {
    const schema = `casino_test_${process.pid}_${Date.now()}`;
    const handle = await openDatabase({
      migrations: CASINO_MIGRATIONS,
      dataDir: dir,
      databaseUrl: pgUrl!,
      pgSchema: schema,
    });
    try {
      await handle.db
        .insertInto("balances")
        .values({ account_id: "user-1", currency: "HC", balance: 2 ** 40, updated_at: Date.now() })
        .execute();
      const row = await handle.db.selectFrom("balances").select("balance").executeTakeFirstOrThrow();
      expect(row.balance).toBe(2 ** 40);
    } finally {
      await handle.close();
      await dropPostgresSchema(pgUrl!, schema);
    }
  });
});

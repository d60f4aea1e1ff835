import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { CASINO_MIGRATIONS } from "../migrations.ts";
import { type DatabaseHandle, type Dialect, dropPostgresSchema, openDatabase } from "./connect.ts";
import { LOCAL_POSTGRES_URL } from "./local-postgres.ts";

/**
 * Which databases the tests run against. PostgreSQL is required (CI has it on 127.0.0.1:5432);
 * a contributor without one sets CASINO_SKIP_POSTGRES=1 to skip those cases explicitly.
 */
export function postgresUrlForTests(): string | undefined {
  if (process.env.CASINO_SKIP_POSTGRES === "1") return undefined;
  return process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL;
}

/** A database for one test: a SQLite file in its own temporary folder, or a PostgreSQL schema of its own. */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the handle and deletes the folder or drops the schema. */
  cleanup(): Promise<void>;
}

/** The dialects the ledger tests run on: SQLite always, PostgreSQL unless explicitly skipped. */
export function testDialects(): Dialect[] {
  return postgresUrlForTests() ? ["sqlite", "postgres"] : ["sqlite"];
}

let schemaCounter = 0;

/** Opens a fresh, migrated, isolated database of a dialect for one test. */
export async function openTestDatabase(dialect: Dialect, poolSize = 10): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "casino-test-"));
    const handle = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: dir });
    return {
      handle,
      cleanup: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = postgresUrlForTests();
  if (!url) throw new Error("PostgreSQL tests are skipped (CASINO_SKIP_POSTGRES=1)");
  const schema = `casino_test_${process.pid}_${Date.now()}_${schemaCounter++}`;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({
      migrations: CASINO_MIGRATIONS,
      dataDir: tmpdir(),
      databaseUrl: url,
      pgSchema: schema,
      poolSize,
    });
  } catch (error) {
    await dropPostgresSchema(url, schema);
    throw error;
  }
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      await dropPostgresSchema(url, schema);
    },
  };
}

/**
 * A fresh database of `dialect` for each test of the enclosing describe block, cleaned up after the
 * test; `prepare` seeds each one. Read `.handle` inside tests (there is none between them).
 */
export function useTestDatabase(
  dialect: Dialect,
  prepare?: (handle: DatabaseHandle) => Promise<void>,
  poolSize?: number,
): { readonly handle: DatabaseHandle } {
  let current: TestDatabase | undefined;
  beforeEach(async () => {
    current = await openTestDatabase(dialect, poolSize);
    await prepare?.(current.handle);
  });
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  return {
    get handle() {
      if (!current) throw new Error("the test database exists only while a test runs");
      return current.handle;
    },
  };
}

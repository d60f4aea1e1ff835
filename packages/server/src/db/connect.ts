/** Opens the casino's database: an embedded SQLite file by default, PostgreSQL with a URL. */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { startCheckpointer } from "./checkpointer.ts";
import type { Dialect } from "./dialect.ts";
import { type MigrationList, migrateToLatest } from "./migrator.ts";
import { SchemaScopedPostgresDialect } from "./pg-dialect.ts";
import { nameStatementsInPool } from "./pg-named.ts";
import type { Database } from "./schema.ts";
import { withStatementCache } from "./statement-cache.ts";

export type { Dialect } from "./dialect.ts";

/** An open database with its dialect; close it when done. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw better-sqlite3 handle on SQLite (for synchronous hot paths), undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  /** The PostgreSQL pool (step bodies pipeline their statements on it), undefined on SQLite. */
  pool?: pg.Pool;
  /**
   * The ids of the migrations the schema was brought up to (by openDatabase with `migrations`, or
   * migrateDatabase), which the readiness check expects applied; absent before either ran.
   */
  migrations?: readonly string[];
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Folder for the SQLite file (created if missing); ignored when databaseUrl is set. */
  dataDir: string;
  /** postgres://... to use PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (created if missing); lets tests isolate themselves. */
  pgSchema?: string;
  /** Pool size on PostgreSQL. */
  poolSize?: number;
  /** SQLite: checkpoint the WAL on a worker thread (default true) instead of on the committing thread. */
  backgroundCheckpoints?: boolean;
  /** The casino's migrations (src/migrations.ts), run before the handle is returned; none when absent. */
  migrations?: MigrationList;
}

// bigint (int8) columns come back as JS numbers: every money value is a safe integer.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

/**
 * How long a statement on the main connection waits for a lock before SQLite answers SQLITE_BUSY.
 * The wait is a sleep on the event loop, so it stays a few milliseconds: long enough to ride out
 * the checkpointer's brief WAL truncation, far too short to freeze the casino behind another
 * process's write transaction (the request then gets a 503 with Retry-After instead).
 */
export const MAIN_BUSY_TIMEOUT_MS = 10;

/** Lock wait while the database is opened and migrated, before the casino serves anyone. */
const STARTUP_BUSY_TIMEOUT_MS = 5000;

/** The main connection's own checkpoints (pages of WAL), used only when the checkpointer worker is gone. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 1000;

/**
 * Connections per process on PostgreSQL. A transaction holds its connection while this process's
 * event loop gets round to its next statement, so a busy process needs more of them than it has
 * transactions running at any instant: with 10, bets and hands queued for a connection in bursts
 * under the scale load test. N processes need N times this below PostgreSQL's max_connections
 * (100 by default), with room for operators and backups.
 */
export const POSTGRES_POOL_SIZE = 20;

/** Opens and configures the database, and migrates it when given the migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { migrations } = options;
  if (options.databaseUrl)
    return openPostgres(
      options.databaseUrl,
      options.pgSchema,
      options.poolSize ?? POSTGRES_POOL_SIZE,
      migrations,
    );
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, "casino.sqlite");
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma(`busy_timeout = ${STARTUP_BUSY_TIMEOUT_MS}`);
  sqlite.pragma("foreign_keys = ON");
  // Savepoints of grouped commits journal in memory; the WAL file is trimmed to this after each restart.
  sqlite.pragma("temp_store = MEMORY");
  sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  if (migrations) await migrateToLatest(db as Kysely<unknown>, "sqlite", migrations);
  sqlite.pragma(`busy_timeout = ${MAIN_BUSY_TIMEOUT_MS}`);
  const migrated = migrations ? { migrations: Object.keys(migrations) } : {};
  if (options.backgroundCheckpoints === false) {
    sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    return { db, dialect: "sqlite", sqlite, ...migrated, close: () => db.destroy() };
  }
  // Checkpoints belong to the worker: one run on commit would copy and fsync on the event loop.
  sqlite.pragma("wal_autocheckpoint = 0");
  const checkpointer = startCheckpointer(file, {
    // Holding the connection holds off every writer (and reader) of this process for the copy.
    pauseWriters: (whilePaused) => db.connection().execute(() => whilePaused()),
    onFailure: () => {
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    },
  });
  return {
    db,
    dialect: "sqlite",
    sqlite,
    ...migrated,
    close: async () => {
      await checkpointer.stop();
      await db.destroy();
    },
  };
}

async function openPostgres(
  url: string,
  schema: string | undefined,
  poolSize: number,
  migrations: MigrationList | undefined,
): Promise<DatabaseHandle> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad PostgreSQL schema name ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  nameStatementsInPool(pool);
  // Introspection (the migrator's) sees our schema only, never a parallel test's being dropped.
  const db = new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }, schema ?? "public") });
  if (!migrations) return { db, dialect: "postgres", pool, close: () => db.destroy() };
  await migratePostgres(db, migrations, schema);
  return { db, dialect: "postgres", pool, migrations: Object.keys(migrations), close: () => db.destroy() };
}

/** Migrates PostgreSQL; several processes may start at once, so an advisory lock serialises them. */
async function migratePostgres(
  db: Kysely<Database>,
  migrations: MigrationList,
  schema?: string,
): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(727001)`.execute(conn);
    try {
      await migrateToLatest(conn as Kysely<unknown>, "postgres", migrations, schema);
    } finally {
      await sql`SELECT pg_advisory_unlock(727001)`.execute(conn);
    }
  });
}

/**
 * Brings an open database up to the last of `migrations` (nothing to do when it is there already),
 * with the same care as openDatabase: SQLite waits out another process's lock as at start, and
 * PostgreSQL processes take turns in the schema the connection works in.
 */
export async function migrateDatabase(handle: DatabaseHandle, migrations: MigrationList): Promise<void> {
  const { sqlite } = handle;
  if (sqlite) {
    sqlite.pragma(`busy_timeout = ${STARTUP_BUSY_TIMEOUT_MS}`);
    try {
      await migrateToLatest(handle.db as Kysely<unknown>, "sqlite", migrations);
    } finally {
      sqlite.pragma(`busy_timeout = ${MAIN_BUSY_TIMEOUT_MS}`);
    }
  } else {
    const current = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(handle.db);
    await migratePostgres(handle.db, migrations, current.rows[0]?.schema);
  }
  handle.migrations = Object.keys(migrations);
}

/** Drops a PostgreSQL schema and everything in it (test clean-up). */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad PostgreSQL schema name ${schema}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}

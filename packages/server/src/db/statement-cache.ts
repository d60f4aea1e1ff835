/**
 * The better-sqlite3 connection as Kysely's SQLite dialect sees it, with every statement prepared
 * once: Kysely's driver prepares each query it runs anew, which cost more than running the
 * session look-ups and seat updates of the poker hot path.
 */
import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";
import { prepareCached } from "./steps.ts";

/**
 * A connection for `new SqliteDialect({ database })` that reuses prepared statements. Safe because
 * the casino never streams a query on SQLite (a statement being iterated could not run again).
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  return {
    prepare: (sql: string) => prepareCached(sqlite, sql),
    close: () => sqlite.close(),
  };
}

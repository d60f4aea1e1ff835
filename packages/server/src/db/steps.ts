/**
 * Transaction bodies written once as generators of compiled queries, so the same code runs
 * synchronously on better-sqlite3 (nothing awaited inside `BEGIN IMMEDIATE`) and asynchronously
 * on PostgreSQL. A body builds its queries with a Kysely instance of the right dialect and gets
 * each typed result back through `yield*`.
 */
import type SQLite from "better-sqlite3";
import type { Compilable, CompiledQuery, Kysely, QueryResult } from "kysely";
import type { Database } from "./schema.ts";

/** A transaction body (or part of one): yields compiled queries, receives their results, returns T. */
export type Steps<T> = Generator<CompiledQuery, T, QueryResult<unknown>>;

/** Builds the queries of a step body; compiling only, never executing. */
export type QueryBuilder = Kysely<Database>;

/** Runs a query and returns all its rows. */
export function* fetchAll<R>(query: Compilable<R>): Steps<R[]> {
  const result = yield query.compile();
  return result.rows as R[];
}

/** Runs a query and returns its first row, if any. */
export function* fetchFirst<R>(query: Compilable<R>): Steps<R | undefined> {
  const result = yield query.compile();
  return result.rows[0] as R | undefined;
}

/** Runs a write and returns how many rows it touched (the guard of a conditional update). */
export function* runWrite(query: Compilable<unknown>): Steps<number> {
  const result = yield query.compile();
  return Number(result.numAffectedRows ?? 0n);
}

/** How a statement may travel on PostgreSQL, where each round trip waits inside the open transaction. */
const UNREAD = Symbol("unread");
const COMMITS = Symbol("commits");

type MarkedQuery = CompiledQuery & { [UNREAD]?: true; [COMMITS]?: true };

/**
 * A write whose outcome the body does not read (it must not depend on it): PostgreSQL sends it
 * together with the next statement the body reads, or with the commit. SQLite runs it at once.
 */
export function* runWriteUnread(query: Compilable<unknown>): Steps<void> {
  yield { ...query.compile(), [UNREAD]: true } as MarkedQuery;
}

/**
 * The body's last statement, its rows read: PostgreSQL commits in the same round trip. The body
 * must return a success value after it and run no other statement.
 */
export function* fetchAllAndCommit<R>(query: Compilable<R>): Steps<R[]> {
  const result = yield { ...query.compile(), [COMMITS]: true } as MarkedQuery;
  return result.rows as R[];
}

/** True for a statement sent by runWriteUnread. */
export function isUnreadWrite(query: CompiledQuery): boolean {
  return (query as MarkedQuery)[UNREAD] === true;
}

/** True for a statement sent by fetchAllAndCommit. */
export function commitsWith(query: CompiledQuery): boolean {
  return (query as MarkedQuery)[COMMITS] === true;
}

/** Drives a step body through an async Kysely connection or transaction (PostgreSQL, or SQLite off the hot path). */
export async function driveAsync<T>(trx: Kysely<Database>, steps: Steps<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    const result = await trx.executeQuery(next.value);
    next = steps.next(result);
  }
  return next.value;
}

/** Prepared statements per SQLite connection and SQL text: preparing costs more than running. */
const statementCaches = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/** Prepares (once) a statement on a better-sqlite3 connection; later calls with the same SQL reuse it. */
export function prepareCached(sqlite: SQLite.Database, sql: string): SQLite.Statement {
  let cache = statementCaches.get(sqlite);
  if (!cache) {
    cache = new Map();
    statementCaches.set(sqlite, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql);
    if (cache.size > 500) cache.clear();
    cache.set(sql, statement);
  }
  return statement;
}

/** Drops a connection's prepared statements: each is prepared again on its next run. */
export function forgetPreparedStatements(sqlite: SQLite.Database): void {
  statementCaches.delete(sqlite);
}

/** Runs one compiled query synchronously on better-sqlite3, shaped like Kysely's own result. */
export function executeSync(sqlite: SQLite.Database, query: CompiledQuery): QueryResult<unknown> {
  const statement = prepareCached(sqlite, query.sql);
  const parameters = query.parameters as unknown[];
  if (statement.reader) return { rows: statement.all(...parameters) };
  const info = statement.run(...parameters);
  return { rows: [], numAffectedRows: BigInt(info.changes) };
}

/** Runs a statement without parameters synchronously (transaction control). */
export function runSqlSync(sqlite: SQLite.Database, text: string): void {
  prepareCached(sqlite, text).run();
}

/** Drives a step body synchronously on better-sqlite3 (call inside a synchronous transaction). */
export function driveSync<T>(sqlite: SQLite.Database, steps: Steps<T>): T {
  let next = steps.next();
  while (!next.done) {
    next = steps.next(executeSync(sqlite, next.value));
  }
  return next.value;
}

/**
 * One database transaction per money movement. SQLite: `BEGIN IMMEDIATE` on the single
 * connection (so a writer never upgrades a read lock and deadlocks). PostgreSQL: READ COMMITTED,
 * with conditional updates and row locks in the bodies, retried on serialization failures and
 * deadlocks. A body that returns `{ ok: false, ... }` is rolled back and its value returned.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { type Kysely, sql } from "kysely";
import type { DatabaseHandle } from "./connect.ts";
import { runStepsGrouped } from "./group-commit.ts";
import { runStepsPipelined } from "./pg-steps.ts";
import type { Database } from "./schema.ts";
import { driveAsync, type QueryBuilder, type Steps } from "./steps.ts";
import { backOff, isRetryable, MAX_TRANSACTION_ATTEMPTS } from "./transaction-retry.ts";

export { MAX_TRANSACTION_ATTEMPTS } from "./transaction-retry.ts";

/** True for an expected-failure value (`{ ok: false }`): the transaction that produced it rolls back. */
export function isFailureValue(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;
}

/** The handle whose runInTransaction body is running, to catch a nested call that would deadlock SQLite. */
const openTransactions = new AsyncLocalStorage<DatabaseHandle>();

/** Throws when called from inside a runInTransaction body on the same database: pass its `trx` instead. */
function assertNotNested(handle: DatabaseHandle, what: string): void {
  if (openTransactions.getStore() === handle) {
    throw new Error(
      `${what} called inside runInTransaction on the same database: pass the transaction (trx) instead`,
    );
  }
}

/** Carries a failure value out of a Kysely transaction so that it rolls back. */
class RollbackWith {
  readonly value: unknown;
  constructor(value: unknown) {
    this.value = value;
  }
}

/**
 * Runs `fn` in one transaction and returns its value; a thrown error or a `{ ok: false }` value
 * rolls back. Inside `fn` use only `trx` (on SQLite the connection is held: `handle.db` would
 * wait forever). On PostgreSQL `fn` may run again after a deadlock, so it must not have effects
 * outside the database.
 */
export async function runInTransaction<T>(
  handle: DatabaseHandle,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  assertNotNested(handle, "runInTransaction");
  return openTransactions.run(handle, () => runOutermost(handle, fn));
}

/** Rolls back the SQLite transaction still open on `conn`; a failing rollback has ended it too. */
async function rollbackIfOpen(handle: DatabaseHandle, conn: Kysely<Database>): Promise<void> {
  if (handle.sqlite?.inTransaction === false) return;
  try {
    await sql`rollback`.execute(conn);
  } catch {
    // Nothing was open any more, or SQLite ended the transaction when its rollback failed.
  }
}

/** Runs `fn` as the outermost transaction of the handle (BEGIN IMMEDIATE on SQLite, retried READ COMMITTED on PostgreSQL). */
async function runOutermost<T>(
  handle: DatabaseHandle,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (handle.dialect === "sqlite") {
    return handle.db.connection().execute(async (conn) => {
      // Busy here (another process writing) throws before anything started: nothing to undo.
      await sql`begin immediate`.execute(conn);
      let result: T;
      try {
        result = await fn(conn);
        await (isFailureValue(result) ? sql`rollback` : sql`commit`).execute(conn);
      } catch (error) {
        // A failed body, or a failed COMMIT (which leaves the transaction open); SQLite may also
        // have rolled back by itself (a full disk). The connection must leave this transaction.
        await rollbackIfOpen(handle, conn);
        throw error;
      }
      return result;
    });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await handle.db
        .transaction()
        .setIsolationLevel("read committed")
        .execute(async (trx) => {
          const result = await fn(trx);
          if (isFailureValue(result)) throw new RollbackWith(result);
          return result;
        });
    } catch (error) {
      if (error instanceof RollbackWith) return error.value as T;
      if (attempt >= MAX_TRANSACTION_ATTEMPTS || !isRetryable(error)) throw error;
      await backOff(attempt);
    }
  }
}

/**
 * Runs a step body as one transaction: synchronously on SQLite (no await between its queries,
 * grouped with the bodies queued meanwhile into one commit), asynchronously with retries on
 * PostgreSQL, its statements sent in as few round trips as the body allows (pg-steps.ts). Same rollback rule as runInTransaction; `body` may be called more than once on
 * PostgreSQL.
 */
export async function runSteps<T>(handle: DatabaseHandle, body: (q: QueryBuilder) => Steps<T>): Promise<T> {
  assertNotNested(handle, "runSteps");
  if (handle.dialect === "sqlite" && handle.sqlite) {
    return runStepsGrouped(handle.db, handle.sqlite, body, isFailureValue);
  }
  if (handle.pool) return runStepsPipelined(handle.pool, handle.db, body, isFailureValue);
  return runOutermost(handle, (trx) => driveAsync(trx, body(handle.db)));
}

/** Runs a step body inside a transaction the caller already holds (any dialect). */
export function runStepsIn<T>(trx: Kysely<Database>, body: (q: QueryBuilder) => Steps<T>): Promise<T> {
  return driveAsync(trx, body(trx));
}

/**
 * Group commit on SQLite: step bodies that arrive while the connection is busy run together in
 * one `BEGIN IMMEDIATE` transaction, each inside its own savepoint, and are answered after the
 * single COMMIT. Each body still sees the effects of the bodies before it and a refused or failed
 * body is rolled back to its savepoint alone, so the outcome is that of running them one after
 * the other; only the commit (the expensive part: WAL frames, checkpoints) is shared.
 */
import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";
import { driveSync, type QueryBuilder, runSqlSync, type Steps } from "./steps.ts";

/** Most bodies in one transaction: bounds how long one commit holds the connection. */
export const MAX_GROUP_SIZE = 256;

interface Pending {
  body: (q: QueryBuilder) => Steps<unknown>;
  isFailure: (value: unknown) => boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What one body produced, settled once the group commits. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** The queue of one SQLite connection. */
interface CommitQueue {
  pending: Pending[];
  scheduled: boolean;
}

const queues = new WeakMap<SQLite.Database, CommitQueue>();

/** Runs one body inside its own savepoint; a failure value or a throw rolls back just this body. */
function runInSavepoint(sqlite: SQLite.Database, q: QueryBuilder, job: Pending): Outcome {
  runSqlSync(sqlite, "savepoint casino_step");
  try {
    const value = driveSync(sqlite, job.body(q));
    if (job.isFailure(value)) runSqlSync(sqlite, "rollback to casino_step");
    runSqlSync(sqlite, "release casino_step");
    return { ok: true, value };
  } catch (error) {
    // An error SQLite answered by rolling back everything fails the whole group.
    if (!sqlite.inTransaction) throw error;
    runSqlSync(sqlite, "rollback to casino_step");
    runSqlSync(sqlite, "release casino_step");
    return { ok: false, error };
  }
}

/** Runs a group in one transaction and answers every caller after the commit (or with its error). */
function runGroup(sqlite: SQLite.Database, q: QueryBuilder, group: Pending[]): void {
  if (sqlite.inTransaction)
    throw new Error("group commit: the SQLite connection is already in a transaction");
  const outcomes: Outcome[] = [];
  try {
    runSqlSync(sqlite, "begin immediate");
    for (const job of group) outcomes.push(runInSavepoint(sqlite, q, job));
    runSqlSync(sqlite, "commit");
  } catch (error) {
    if (sqlite.inTransaction) runSqlSync(sqlite, "rollback");
    for (const job of group) job.reject(error);
    return;
  }
  group.forEach((job, i) => {
    const outcome = outcomes[i] as Outcome;
    if (outcome.ok) job.resolve(outcome.value);
    else job.reject(outcome.error);
  });
}

/** Takes the connection (Kysely's lock keeps its other queries out) and drains the queue group by group. */
async function drain(db: Kysely<Database>, sqlite: SQLite.Database, queue: CommitQueue): Promise<void> {
  try {
    await db.connection().execute(async () => {
      while (queue.pending.length > 0) {
        runGroup(sqlite, db, queue.pending.splice(0, MAX_GROUP_SIZE));
      }
    });
  } catch (error) {
    for (const job of queue.pending.splice(0)) job.reject(error);
  }
  queue.scheduled = false;
  // Bodies queued while the connection was being released start the next drain.
  if (queue.pending.length > 0) {
    queue.scheduled = true;
    void drain(db, sqlite, queue);
  }
}

/**
 * Runs a step body on SQLite as part of the next group commit and resolves with its value once
 * that value is durable (or rolled back, for a failure value).
 */
export function runStepsGrouped<T>(
  db: Kysely<Database>,
  sqlite: SQLite.Database,
  body: (q: QueryBuilder) => Steps<T>,
  isFailure: (value: unknown) => boolean,
): Promise<T> {
  let queue = queues.get(sqlite);
  if (!queue) {
    queue = { pending: [], scheduled: false };
    queues.set(sqlite, queue);
  }
  const current = queue;
  return new Promise<T>((resolve, reject) => {
    current.pending.push({ body, isFailure, resolve: resolve as (value: unknown) => void, reject });
    if (!current.scheduled) {
      current.scheduled = true;
      // Start after this turn's I/O callbacks: requests that arrived together commit together.
      setImmediate(() => void drain(db, sqlite, current));
    }
  });
}

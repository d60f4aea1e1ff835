/**
 * Group commit on SQLite: step bodies that arrive while the connection is busy run together in
 * one `BEGIN IMMEDIATE` transaction, each inside its own savepoint, and are answered after the
 * single COMMIT. Each body still sees the effects of the bodies before it and a refused or failed
 * body is rolled back to its savepoint alone, so the outcome is that of running them one after
 * the other; only the commit (the expensive part: WAL frames, checkpoints) is shared.
 */
import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import { isDatabaseBusy } from "./busy.ts";
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

/** CPU time (µs) the main thread has spent inside group commits, and how many bodies they ran. */
const commitCpu = { bodies: 0, micros: 0 };

/** What this process's group commits have cost so far: the bodies run and their thread's CPU time (µs). */
export function groupCommitCpu(): Readonly<{ bodies: number; micros: number }> {
  return { ...commitCpu };
}

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

/** Rolls back the open transaction, if SQLite has not already; a failing rollback leaves nothing more to undo. */
function rollbackQuietly(sqlite: SQLite.Database): void {
  if (!sqlite.inTransaction) return;
  try {
    runSqlSync(sqlite, "rollback");
  } catch {
    // SQLite ends the transaction itself when a rollback fails.
  }
}

/**
 * Runs a group in one transaction and answers every caller after the commit. If the group fails
 * as a whole (BEGIN IMMEDIATE busy, a failed COMMIT, an error SQLite rolled back), every caller
 * gets that error, nothing of the group stays, and the connection is out of the transaction.
 * Returns that error, or undefined when the group committed.
 */
function runGroup(sqlite: SQLite.Database, q: QueryBuilder, group: Pending[]): unknown {
  if (sqlite.inTransaction) {
    const error = new Error("group commit: the SQLite connection is already in a transaction");
    for (const job of group) job.reject(error);
    return error;
  }
  const outcomes: Outcome[] = [];
  try {
    runSqlSync(sqlite, "begin immediate");
    for (const job of group) outcomes.push(runInSavepoint(sqlite, q, job));
    runSqlSync(sqlite, "commit");
  } catch (error) {
    rollbackQuietly(sqlite);
    for (const job of group) job.reject(error);
    return error;
  }
  group.forEach((job, i) => {
    const outcome = outcomes[i] as Outcome;
    if (outcome.ok) job.resolve(outcome.value);
    else job.reject(outcome.error);
  });
  return undefined;
}

/** Takes the connection (Kysely's lock keeps its other queries out) and drains the queue group by group. */
async function drain(db: Kysely<Database>, sqlite: SQLite.Database, queue: CommitQueue): Promise<void> {
  try {
    await db.connection().execute(async () => {
      while (queue.pending.length > 0) {
        const group = queue.pending.splice(0, MAX_GROUP_SIZE);
        const started = process.threadCpuUsage();
        const failed = runGroup(sqlite, db, group);
        const used = process.threadCpuUsage(started);
        commitCpu.bodies += group.length;
        commitCpu.micros += used.user + used.system;
        // The lock another process holds is still held: the groups behind fail at once instead
        // of each waiting out the busy timeout on the event loop.
        if (failed !== undefined && isDatabaseBusy(failed)) {
          for (const job of queue.pending.splice(0)) job.reject(failed);
        }
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

/**
 * The read worker's thread (started by read-worker.ts): a read-only SQLite connection of its own,
 * through kysely, running the jobs of the module it was given, one message per job.
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { ReadJobs, ReadRequest, ReadResponse } from "./read-worker.ts";
import type { Database } from "./schema.ts";
import { withStatementCache } from "./statement-cache.ts";

const { file, jobsModule, nice } = workerData as { file: string; jobsModule: string; nice: number };
// On Linux a thread has its own nice value: on a busy machine the main thread's event loop goes first.
try {
  const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isSafeInteger(threadId) && threadId > 0) setPriority(threadId, nice);
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}
const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
// A reader in WAL mode waits only while the file is being recovered; this thread may wait.
sqlite.pragma("busy_timeout = 5000");
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
const { readJobs } = (await import(jobsModule)) as { readJobs: ReadJobs };
const port = parentPort;
if (!port) throw new Error("read-worker-thread runs only as a worker thread");

port.on("message", async (request: ReadRequest | "close") => {
  if (request === "close") {
    await db.destroy();
    port.close();
    return;
  }
  let response: ReadResponse;
  try {
    const job = readJobs[request.job];
    if (!job) throw new Error(`unknown read job ${request.job}`);
    response = { id: request.id, ok: true, value: await job(db, request.args) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    response = { id: request.id, ok: false, message: e.message, stack: e.stack ?? "" };
  }
  port.postMessage(response);
});

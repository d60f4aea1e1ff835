/**
 * WAL checkpoints on a worker thread with its own SQLite connection. A checkpoint copies the WAL
 * into the database file and waits for the disk (fsync); done on commit it stalls every bet
 * behind it, done here the main thread only appends to the WAL.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** How often the worker checkpoints, and the WAL size at which it insists (RESTART) so the file stops growing. */
export interface CheckpointerOptions {
  intervalMs?: number;
  restartAboveBytes?: number;
}

/** A running checkpointer; stop it before closing the database. */
export interface Checkpointer {
  stop(): Promise<void>;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { statSync } = require("node:fs");
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 2000");
function walBytes() {
  try { return statSync(workerData.file + "-wal").size; } catch { return 0; }
}
function checkpoint() {
  try {
    const mode = walBytes() > workerData.restartAboveBytes ? "RESTART" : "PASSIVE";
    db.pragma("wal_checkpoint(" + mode + ")");
  } catch {
    // Busy or locked: the next tick tries again.
  }
}
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on("message", () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/** Starts checkpointing the SQLite file `file` in the background (the main connection's own autocheckpoint stays as a fallback). */
export function startCheckpointer(file: string, options: CheckpointerOptions = {}): Checkpointer {
  const driverPath = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driverPath,
      intervalMs: options.intervalMs ?? 200,
      restartAboveBytes: options.restartAboveBytes ?? 32 * 1024 * 1024,
    },
  });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.on("error", () => {
    // A failed checkpointer leaves the main connection's autocheckpoint in charge.
  });
  return {
    async stop() {
      worker.ref(); // keep the process alive until the last checkpoint is written
      worker.postMessage("stop");
      await exited;
    },
  };
}

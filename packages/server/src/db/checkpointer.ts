/**
 * WAL checkpoints on a worker thread with its own SQLite connection. A checkpoint copies the WAL
 * into the database file and waits for the disk (fsync); done on commit it stalls every bet
 * behind it, done here the main thread only appends to the WAL.
 *
 * The worker only ever runs checkpoints that cannot block a writer: PASSIVE copies what the
 * readers allow and takes no writer lock, and is repeated sooner while many frames are still to
 * copy (the `wal_checkpoint` result, not the file size, says how far behind it is). Once every
 * frame is copied and the WAL has stayed unchanged for a pass, it shrinks a large WAL file with
 * TRUNCATE, without waiting: its connection has no busy timeout, so a reader or a writer in the way
 * makes it give up at once instead of holding the writer lock while it waits (a checkpoint waiting
 * on a long read transaction that way would stall every bet behind it for as long as the read
 * lasts). Under steady writing the WAL restarts from its start whenever it is fully copied, and the
 * main connection's journal_size_limit trims the file then.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** Tuning of the checkpointer; the defaults suit the casino. */
export interface CheckpointerOptions {
  /** Pause between checkpoints when the WAL is (nearly) copied. */
  intervalMs?: number;
  /** Pause between checkpoints while at least `hurryAboveFrames` frames are still to copy. */
  hurryIntervalMs?: number;
  /** Frames still to copy above which the worker checkpoints again after `hurryIntervalMs`. */
  hurryAboveFrames?: number;
  /** A fully copied, unchanging WAL file larger than this is truncated to zero. */
  shrinkAboveBytes?: number;
  /** Called once if the worker fails or exits by itself (the caller falls back to its own checkpoints). */
  onFailure?: (error: unknown) => void;
}

/** A running checkpointer; stop it before closing the database. */
export interface Checkpointer {
  stop(): Promise<void>;
}

/** Defaults: 200 ms between passes, every 20 ms while 1,000 frames (4 MB) lag, shrink above 8 MB. */
export const CHECKPOINTER_DEFAULTS = {
  intervalMs: 200,
  hurryIntervalMs: 20,
  hurryAboveFrames: 1000,
  shrinkAboveBytes: 8 * 1024 * 1024,
} as const;

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { statSync } = require("node:fs");
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
// Never wait for a lock: a checkpoint that would have to is tried again on a later pass.
db.pragma("busy_timeout = 0");
let last = { log: -1, checkpointed: -1 };
let timer;
function walBytes() {
  try { return statSync(workerData.file + "-wal").size; } catch { return 0; }
}
function checkpoint(mode) {
  const row = db.pragma("wal_checkpoint(" + mode + ")")[0];
  return { log: Number(row.log), checkpointed: Number(row.checkpointed) };
}
function pass() {
  let pause = workerData.intervalMs;
  try {
    const done = checkpoint("PASSIVE");
    const left = done.log - done.checkpointed;
    const moved = done.checkpointed !== last.checkpointed;
    // Everything copied and nothing written since the last pass: no writer is likely in the way.
    const quiet = left === 0 && done.log === last.log && !moved;
    last = done;
    // Far behind and still moving: go again soon. Pinned by a reader: wait for the next pass.
    if (left >= workerData.hurryAboveFrames && moved) pause = workerData.hurryIntervalMs;
    else if (quiet && walBytes() > workerData.shrinkAboveBytes) checkpoint("TRUNCATE");
  } catch {
    // Busy, locked or an I/O hiccup: the next pass tries again.
  }
  return pause;
}
function loop() {
  timer = setTimeout(loop, pass());
}
timer = setTimeout(loop, workerData.intervalMs);
parentPort.on("message", () => {
  clearTimeout(timer);
  pass();
  db.close();
  parentPort.close();
});
`;

/** Starts checkpointing the SQLite file `file` in the background. */
export function startCheckpointer(file: string, options: CheckpointerOptions = {}): Checkpointer {
  const driverPath = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driverPath,
      intervalMs: options.intervalMs ?? CHECKPOINTER_DEFAULTS.intervalMs,
      hurryIntervalMs: options.hurryIntervalMs ?? CHECKPOINTER_DEFAULTS.hurryIntervalMs,
      hurryAboveFrames: options.hurryAboveFrames ?? CHECKPOINTER_DEFAULTS.hurryAboveFrames,
      shrinkAboveBytes: options.shrinkAboveBytes ?? CHECKPOINTER_DEFAULTS.shrinkAboveBytes,
    },
  });
  worker.unref();
  let stopping = false;
  let failed = false;
  const fail = (error: unknown) => {
    if (stopping || failed) return;
    failed = true;
    options.onFailure?.(error);
  };
  const exited = new Promise<void>((resolve) =>
    worker.once("exit", (code) => {
      fail(new Error(`checkpointer exited with code ${code}`));
      resolve();
    }),
  );
  worker.on("error", fail);
  return {
    async stop() {
      stopping = true;
      worker.ref(); // keep the process alive until the last checkpoint is written
      worker.postMessage("stop");
      await exited;
    },
  };
}

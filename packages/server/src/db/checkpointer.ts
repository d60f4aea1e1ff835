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
 * lasts).
 *
 * The WAL starts again from its beginning only when a write finds every frame copied. Under steady
 * writing a PASSIVE pass never gets there (frames are added while it copies), and the WAL would grow
 * by every page written, each write extending the file. So once the WAL holds `restartAboveFrames`
 * and little is left to copy, the worker asks the main thread to pause its writers: the caller's
 * `pauseWriters` holds the connection (the bets queue, the event loop runs on), the worker copies
 * the rest, and the writers resume; the next write restarts the WAL at its start. The pause lasts
 * that one short copy and is capped at MAX_WRITER_PAUSE_MS; a reader that keeps frames back makes
 * the worker wait `pinnedBackoffMs` before asking again.
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
  /** WAL frames above which the worker pauses the writers to copy the rest, so the WAL restarts. */
  restartAboveFrames?: number;
  /** After a pause in which a reader kept frames back, how long before the worker pauses writers again. */
  pinnedBackoffMs?: number;
  /**
   * Runs `whilePaused` with the writers held off (the casino holds its SQLite connection); without
   * it the worker never pauses writers, and steady writing grows the WAL.
   */
  pauseWriters?: (whilePaused: () => Promise<void>) => Promise<void>;
  /** Called once if the worker fails or exits by itself (the caller falls back to its own checkpoints). */
  onFailure?: (error: unknown) => void;
}

/** A running checkpointer; stop it before closing the database. */
export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Defaults: 200 ms between passes, every 20 ms while 1,000 frames (4 MB) lag, shrink above 8 MB,
 * restart a WAL of 2,048 frames (8 MB), and wait a second after a reader kept frames back.
 */
export const CHECKPOINTER_DEFAULTS = {
  intervalMs: 200,
  hurryIntervalMs: 20,
  hurryAboveFrames: 1000,
  shrinkAboveBytes: 8 * 1024 * 1024,
  restartAboveFrames: 2048,
  pinnedBackoffMs: 1000,
} as const;

/** The longest the writers stay paused for one copy, whatever the worker is doing. */
export const MAX_WRITER_PAUSE_MS = 100;

/** The longest stop() waits for the worker's last checkpoint before ending the thread (the WAL stays for the next open). */
export const MAX_STOP_WAIT_MS = 5000;

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
let pinnedUntil = 0;
let stopped = false;
function pass() {
  let pause = workerData.intervalMs;
  try {
    const done = checkpoint("PASSIVE");
    const left = done.log - done.checkpointed;
    const moved = done.checkpointed !== last.checkpointed;
    const written = done.log !== last.log;
    // Everything copied and nothing written since the last pass: no writer is likely in the way.
    const quiet = left === 0 && !written && !moved;
    last = done;
    // Far behind and still moving: go again soon. Pinned by a reader: wait for the next pass.
    if (left >= workerData.hurryAboveFrames && moved) pause = workerData.hurryIntervalMs;
    else if (quiet && walBytes() > workerData.shrinkAboveBytes) checkpoint("TRUNCATE");
    else if (workerData.canPauseWriters && (left > 0 || written) && done.log >= workerData.restartAboveFrames && Date.now() >= pinnedUntil) {
      // A large WAL still being written: "left" is as of this pass's start, and writes since keep
      // it from restarting. Copy the rest with the writers paused; if no answer comes (a pause
      // refused while the connection closes), the passes go on after a second.
      parentPort.postMessage("pause");
      pause = 1000;
    }
  } catch {
    // Busy, locked or an I/O hiccup: the next pass tries again.
  }
  return pause;
}
function loop() {
  timer = setTimeout(loop, pass());
}
function copyWhilePaused() {
  // A pause answered after "stop" (messages queued before the port closed still arrive): the
  // connection is closed, and a new timer would keep this thread alive for good.
  if (stopped) return;
  clearTimeout(timer);
  let left = 1;
  try {
    last = checkpoint("PASSIVE");
    left = last.log - last.checkpointed;
  } catch {
    // Tried again on a later pass.
  }
  // A reader on an older snapshot kept frames back: pausing again at once would not help.
  if (left > 0) pinnedUntil = Date.now() + workerData.pinnedBackoffMs;
  parentPort.postMessage("resume");
  timer = setTimeout(loop, workerData.intervalMs);
}
timer = setTimeout(loop, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message === "paused") return copyWhilePaused();
  stopped = true;
  clearTimeout(timer);
  try {
    checkpoint("PASSIVE");
  } catch {
    // The WAL stays; the next open copies it.
  }
  db.close();
  parentPort.close();
});
`;

/** Tells the worker the writers are paused and resolves when it has copied the WAL, exited, or taken too long. */
function untilCopied(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timeout);
      worker.off("message", onMessage);
      worker.off("exit", finish);
      resolve();
    };
    const onMessage = (message: unknown) => {
      if (message === "resume") finish();
    };
    const timeout = setTimeout(finish, MAX_WRITER_PAUSE_MS);
    worker.on("message", onMessage);
    worker.on("exit", finish);
    worker.postMessage("paused");
  });
}

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
      restartAboveFrames: options.restartAboveFrames ?? CHECKPOINTER_DEFAULTS.restartAboveFrames,
      pinnedBackoffMs: options.pinnedBackoffMs ?? CHECKPOINTER_DEFAULTS.pinnedBackoffMs,
      canPauseWriters: options.pauseWriters !== undefined,
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
  const { pauseWriters } = options;
  if (pauseWriters)
    worker.on("message", (message) => {
      // A pause refused (the connection is closing) just leaves this copy to a later pass.
      if (message === "pause") pauseWriters(() => untilCopied(worker)).catch(() => undefined);
    });
  return {
    async stop() {
      stopping = true;
      worker.ref(); // keep the process alive until the last checkpoint is written
      worker.postMessage("stop");
      const late = setTimeout(() => void worker.terminate(), MAX_STOP_WAIT_MS);
      await exited;
      clearTimeout(late);
    },
  };
}

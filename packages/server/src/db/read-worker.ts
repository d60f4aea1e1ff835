/**
 * Heavy reads off the event loop: a worker thread with its own read-only connection to the SQLite
 * file runs named read jobs (whole-ledger checks, dashboard figures) and posts their results back.
 * A long read there holds a snapshot in the WAL, never the main thread. On PostgreSQL, or for a
 * database without a file, the same jobs run on the caller's connection, whose queries are async.
 */
import { Worker } from "node:worker_threads";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "./connect.ts";
import type { Database } from "./schema.ts";

/** A read job: reads through `db` (never writes) and returns a structured-cloneable value. */
// biome-ignore lint/suspicious/noExplicitAny: each job names its own argument type
export type ReadJob = (db: Kysely<Database>, args: any) => Promise<unknown>;

/** Jobs by name, as a jobs module exports them under `readJobs`. */
export type ReadJobs = Record<string, ReadJob>;

/** A job request on the wire. */
export interface ReadRequest {
  id: number;
  job: string;
  args: unknown;
}

/** A job's answer on the wire. */
export type ReadResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string; stack: string };

/** Runs read jobs by name. */
export interface ReadRunner<J extends ReadJobs> {
  /** Where jobs run: "worker" (a thread of its own) or "inline" (on the caller's connection). */
  readonly where: "worker" | "inline";
  run<K extends keyof J & string>(job: K, args: Parameters<J[K]>[1]): Promise<Awaited<ReturnType<J[K]>>>;
  /** Waits for jobs in progress and ends the thread. */
  close(): Promise<void>;
}

const THREAD = new URL("./read-worker-thread.ts", import.meta.url);

/** The read thread's nice value (Linux): below the main thread, so a long read never takes its core. */
const READ_THREAD_NICE = 10;

/**
 * Starts a read runner for a database: a worker thread on a SQLite file, inline otherwise.
 * `jobsModule` is the URL of a module exporting `readJobs` (the worker imports it); `jobs` is the
 * same object, used inline.
 */
export function startReadRunner<J extends ReadJobs>(
  handle: DatabaseHandle,
  jobsModule: URL,
  jobs: J,
): ReadRunner<J> {
  const file = handle.dialect === "sqlite" ? handle.sqlite?.name : undefined;
  if (!file || file === ":memory:" || handle.sqlite?.memory) return inlineRunner(handle.db, jobs);
  return workerRunner<J>(file, jobsModule);
}

/** Runs the jobs on the given connection. */
export function inlineRunner<J extends ReadJobs>(db: Kysely<Database>, jobs: J): ReadRunner<J> {
  const running = new Set<Promise<unknown>>();
  return {
    where: "inline",
    run(job, args) {
      const done = (jobs[job] as ReadJob)(db, args);
      running.add(done);
      void done.catch(() => {}).finally(() => running.delete(done));
      return done as never;
    },
    async close() {
      await Promise.allSettled([...running]);
    },
  };
}

/** Runs the jobs on a worker thread with a read-only connection to `file`, started on first use and restarted if it dies. */
export function workerRunner<J extends ReadJobs>(file: string, jobsModule: URL): ReadRunner<J> {
  let worker: Worker | undefined;
  let nextId = 1;
  let closed = false;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const inflight = new Set<Promise<unknown>>();

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  const spawn = (): Worker => {
    const w = new Worker(THREAD, {
      workerData: { file, jobsModule: jobsModule.href, nice: READ_THREAD_NICE },
    });
    w.unref();
    w.on("message", (response: ReadResponse) => {
      const waiting = pending.get(response.id);
      if (!waiting) return;
      pending.delete(response.id);
      if (pending.size === 0) w.unref();
      if (response.ok) waiting.resolve(response.value);
      else {
        const error = new Error(response.message);
        error.stack = response.stack;
        waiting.reject(error);
      }
    });
    w.on("error", (error) => {
      if (worker === w) worker = undefined;
      failAll(error);
    });
    w.on("exit", (code) => {
      if (worker === w) worker = undefined;
      failAll(new Error(`read worker exited (${code})`));
    });
    return w;
  };

  return {
    where: "worker",
    run(job, args) {
      if (closed) return Promise.reject(new Error("read worker closed"));
      worker ??= spawn();
      const id = nextId++;
      const w = worker;
      const answer = new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref(); // a job in progress keeps the process alive until its answer
        w.postMessage({ id, job, args } satisfies ReadRequest);
      });
      inflight.add(answer);
      void answer.catch(() => {}).finally(() => inflight.delete(answer));
      return answer as never;
    },
    async close() {
      closed = true;
      await Promise.allSettled([...inflight]);
      const w = worker;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once("exit", () => resolve()));
      w.ref(); // the process waits for the thread to close its connection
      w.postMessage("close");
      await exited;
    },
  };
}

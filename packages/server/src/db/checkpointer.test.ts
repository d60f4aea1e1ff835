import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../temp-dir.test-helpers.ts";
import { MAX_STOP_WAIT_MS, startCheckpointer } from "./checkpointer.ts";
import { MAIN_BUSY_TIMEOUT_MS } from "./connect.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `holds` is true, polling, or gives up after `ms`. */
async function until(holds: () => boolean, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!holds() && Date.now() < deadline) await sleep(20);
  return holds();
}

describe("startCheckpointer", () => {
  const dir = useTempDir("casino-checkpoint-");
  let files = 0;

  /** A WAL database whose writer never checkpoints by itself, with `megabytes` MB of rows in its WAL. */
  const walDatabase = (megabytes: number) => {
    const file = join(dir, `c${files++}.sqlite`);
    const writer = new SQLite(file);
    writer.pragma("journal_mode = WAL");
    writer.pragma("wal_autocheckpoint = 0");
    writer.pragma(`busy_timeout = ${MAIN_BUSY_TIMEOUT_MS}`);
    writer.exec("create table t (id integer primary key, v blob)");
    const insert = writer.prepare("insert into t (v) values (randomblob(?))");
    writer.transaction(() => {
      for (let i = 0; i < megabytes * 16; i++) insert.run(64 * 1024);
    })();
    return { file, writer, walBytes: () => statSync(`${file}-wal`).size };
  };

  /** A reader inside a read transaction: the WAL it has seen stays until it commits. */
  const openPinningReader = (file: string) => {
    const reader = new SQLite(file);
    reader.exec("begin");
    reader.prepare("select count(*) from t").get();
    return reader;
  };

  it("copies committed WAL pages into the database file from its worker thread", async () => {
    const { file, writer } = walDatabase(1);
    const before = statSync(file).size;
    const checkpointer = startCheckpointer(file, { intervalMs: 20 });
    await until(() => statSync(file).size > before + 900_000);
    await checkpointer.stop();
    expect(statSync(file).size).toBeGreaterThan(before + 900_000);
    expect((writer.prepare("select count(*) as n from t").get() as { n: number }).n).toBe(16);
    writer.close();
  });

  it("truncates a fully copied WAL once writing stops, but not while a reader still uses it", async () => {
    const { file, writer, walBytes } = walDatabase(3);
    const reader = openPinningReader(file);
    const checkpointer = startCheckpointer(file, { intervalMs: 10, shrinkAboveBytes: 1024 * 1024 });
    try {
      await sleep(300);
      expect(walBytes()).toBeGreaterThan(3 * 1024 * 1024);
      reader.exec("commit");
      expect(await until(() => walBytes() === 0)).toBe(true);
    } finally {
      await checkpointer.stop();
      reader.close();
      writer.close();
    }
  });

  it("never makes a writer wait, however large the WAL, while a long read transaction pins it", async () => {
    // Above the 32 MB at which checkpointers commonly switch to blocking RESTART checkpoints.
    const { file, writer, walBytes } = walDatabase(40);
    const reader = openPinningReader(file);
    const checkpointer = startCheckpointer(file, { intervalMs: 5, hurryIntervalMs: 1, shrinkAboveBytes: 0 });
    const insert = writer.prepare("insert into t (v) values (randomblob(100))");
    let busy = 0;
    let slowest = 0;
    try {
      expect(walBytes()).toBeGreaterThan(32 * 1024 * 1024);
      const end = Date.now() + 1500;
      while (Date.now() < end) {
        // Bursts of writes with pauses, so the checkpointer also sees a quiet, fully copied WAL.
        for (let i = 0; i < 20; i++) {
          const started = performance.now();
          try {
            writer.exec("begin immediate");
            insert.run();
            writer.exec("commit");
          } catch (error) {
            if (writer.inTransaction) writer.exec("rollback");
            if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) busy++;
            else throw error;
          }
          slowest = Math.max(slowest, performance.now() - started);
          await sleep(1);
        }
        await sleep(30);
      }
    } finally {
      reader.exec("commit");
      await checkpointer.stop();
      reader.close();
      writer.close();
    }
    expect(busy).toBe(0);
    expect(slowest).toBeLessThan(200);
  });

  it("restarts a WAL that steady writing keeps from ever being fully copied, by pausing the writers", async () => {
    const { file, writer } = walDatabase(0);
    const insert = writer.prepare("insert into t (v) values (randomblob(3000))");
    // The WAL header's salts change each time the WAL starts again from its beginning.
    const walSalts = () => readFileSync(`${file}-wal`).subarray(16, 24).toString("hex");
    let paused = false;
    let resumed = false;
    const checkpointer = startCheckpointer(file, {
      restartAboveFrames: 200,
      pauseWriters: async (whilePaused) => {
        paused = true;
        try {
          await whilePaused();
        } finally {
          paused = false;
          resumed = true;
        }
      },
    });
    let restartsAfterPause = 0;
    try {
      const end = Date.now() + 10_000;
      while (restartsAfterPause < 2 && Date.now() < end) {
        // Transactions back to back for 20 ms, then a turn of the event loop (as the casino's
        // group commits under load): a PASSIVE copy practically never ends between two of them.
        const burstEnd = performance.now() + 20;
        while (!paused && performance.now() < burstEnd) {
          const before = walSalts();
          writer.exec("begin immediate");
          for (let i = 0; i < 10; i++) insert.run();
          writer.exec("commit");
          // The first write after the copy the pause allowed starts the WAL again.
          if (resumed && walSalts() !== before) restartsAfterPause++;
          resumed = false;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      await checkpointer.stop();
      writer.close();
    }
    expect(restartsAfterPause).toBe(2);
  });

  it("stops when the writers' pause is answered only after stop was asked (a casino closing under load)", async () => {
    const { file, writer } = walDatabase(0);
    const insert = writer.prepare("insert into t (v) values (randomblob(3000))");
    let stopped: Promise<void> | undefined;
    const checkpointer = startCheckpointer(file, {
      intervalMs: 20,
      restartAboveFrames: 1,
      pauseWriters: async (whilePaused) => {
        // The connection comes free only after the close has asked the worker to stop.
        stopped ??= checkpointer.stop();
        await whilePaused();
      },
    });
    try {
      // Each poll writes a row, so the worker soon asks for a pause.
      const asked = await until(() => {
        insert.run();
        return stopped !== undefined;
      });
      expect(asked).toBe(true);
      // Without its own exit the worker is only ended by stop()'s cap, MAX_STOP_WAIT_MS later.
      const outcome = await Promise.race([
        stopped?.then(() => "stopped"),
        sleep(MAX_STOP_WAIT_MS / 2).then(() => "still running"),
      ]);
      expect(outcome).toBe("stopped");
    } finally {
      await (stopped ?? checkpointer.stop());
      writer.close();
    }
  });

  it("reports a worker that cannot run, so the caller can checkpoint by itself", async () => {
    let failure: unknown;
    const checkpointer = startCheckpointer(join(dir, "missing", "folder", "x.sqlite"), {
      onFailure: (error) => {
        failure = error;
      },
    });
    expect(await until(() => failure !== undefined)).toBe(true);
    await checkpointer.stop();
  });
});

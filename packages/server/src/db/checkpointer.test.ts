import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startCheckpointer } from "./checkpointer.ts";

describe("startCheckpointer", () => {
  const dir = mkdtempSync(join(tmpdir(), "casino-checkpoint-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("copies committed WAL pages into the database file from its worker thread", async () => {
    const file = join(dir, "c.sqlite");
    const writer = new SQLite(file);
    writer.pragma("journal_mode = WAL");
    writer.pragma("wal_autocheckpoint = 0"); // the writer never checkpoints by itself
    writer.exec("create table t (id integer primary key, v text)");
    const insert = writer.prepare("insert into t (v) values (?)");
    writer.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run("x".repeat(200));
    })();
    const before = statSync(file).size;
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(400_000);
    const checkpointer = startCheckpointer(file, { intervalMs: 20 });
    const deadline = Date.now() + 10_000;
    while (statSync(file).size <= before && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    await checkpointer.stop();
    expect(statSync(file).size).toBeGreaterThan(before + 400_000);
    expect((writer.prepare("select count(*) as n from t").get() as { n: number }).n).toBe(2000);
    writer.close();
  });
});

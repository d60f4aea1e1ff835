import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { connectDemoClient, startTestCasino } from "../http/test-helpers.ts";
import { checkLedgerInvariants } from "../ledger/invariants.ts";
import { CASINO_MIGRATIONS } from "../migrations.ts";
import { useTempDir } from "../temp-dir.test-helpers.ts";
import { backupSqlite } from "./backup.ts";
import { openDatabase } from "./connect.ts";

const SCRIPT = fileURLToPath(new URL("../../scripts/backup.ts", import.meta.url));

/** Settled dice rounds in a database file. */
function diceRounds(file: string): number {
  const db = new SQLite(file, { readonly: true });
  try {
    return (
      db.prepare("select count(*) as n from game_rounds where game_type = 'dice'").get() as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

describe("backupSqlite", () => {
  const dir = useTempDir("casino-backup-");

  it("copies a live database in small steps while bets commit, as one consistent snapshot", async () => {
    const casino = await startTestCasino();
    const destination = join(dir, "live-copy.sqlite");
    try {
      const { client } = await connectDemoClient(casino.url);
      const bet = () => client.post("/api/games/dice", { betAmount: 1, currency: "HC", betType: "low" });
      for (let i = 0; i < 30; i++) expect((await bet()).status).toBe(200);
      let betting = true;
      let betsDuringCopy = 0;
      const bettor = (async () => {
        while (betting) if ((await bet()).status === 200) betsDuringCopy++;
      })();
      let steps = 0;
      const result = await backupSqlite(join(casino.dataDir, "casino.sqlite"), destination, {
        stepPages: 2,
        onProgress: () => {
          steps++;
        },
      });
      betting = false;
      await bettor;
      expect(result.check).toBe("ok");
      expect(steps).toBeGreaterThan(20);
      expect(betsDuringCopy).toBeGreaterThan(0);
      const copied = diceRounds(destination);
      expect(copied).toBeGreaterThanOrEqual(30);
      expect(copied).toBeLessThan(diceRounds(join(casino.dataDir, "casino.sqlite")));
    } finally {
      await casino.stop();
    }
    expect(existsSync(`${destination}-wal`)).toBe(false);
    // The copy opens as a casino database and its money adds up.
    const restored = join(dir, "restored");
    mkdirSync(restored);
    copyFileSync(destination, join(restored, "casino.sqlite"));
    const handle = await openDatabase({
      migrations: CASINO_MIGRATIONS,
      dataDir: restored,
      backgroundCheckpoints: false,
    });
    try {
      expect((await checkLedgerInvariants(handle.db)).mismatches).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it("never overwrites a file and leaves nothing behind when it cannot copy", async () => {
    const existing = join(dir, "existing.sqlite");
    new SQLite(existing).close();
    await expect(backupSqlite(existing, existing)).rejects.toThrow(/already exists/);
    await expect(backupSqlite(join(dir, "nothing.sqlite"), join(dir, "n.sqlite"))).rejects.toThrow(
      /no database/,
    );
    expect(existsSync(join(dir, "n.sqlite"))).toBe(false);
  });
});

describe("./casino backup", () => {
  const dir = useTempDir("casino-backup-cli-");
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, [SCRIPT, ...args], {
      env: { ...process.env, DATABASE_URL: "", ...env, INIT_CWD: dir },
      encoding: "utf8",
    });

  it("copies the data folder's database, printing its progress", async () => {
    const dataDir = join(dir, "data");
    await (await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir })).close();
    const done = run(["copy.sqlite"], { DATA_DIR: dataDir });
    expect(done.stderr).toBe("");
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/backup: 100% /);
    expect(done.stdout).toMatch(/check ok/);
    expect(existsSync(join(dir, "copy.sqlite"))).toBe(true);
    expect(run(["copy.sqlite"], { DATA_DIR: dataDir }).status).toBe(1);
    expect(run([], { DATA_DIR: dataDir }).status).toBe(2);
  });

  it("points at pg_dump on PostgreSQL and copies nothing", () => {
    const refused = run(["pg.sqlite"], { DATABASE_URL: "postgres://casino:secret@db.example/casino" });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/pg_dump --format=custom --file="pg.sqlite" "\$DATABASE_URL"/);
    expect(refused.stderr).not.toMatch(/secret/);
    expect(existsSync(join(dir, "pg.sqlite"))).toBe(false);
  });
});

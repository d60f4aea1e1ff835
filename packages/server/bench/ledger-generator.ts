/**
 * Writes a large, valid SQLite ledger for the bookkeeper benchmark: grants from the outside world,
 * then bets lost to and won from the house's sub-accounts, every transaction balanced, every balance
 * equal to its entries and no player below zero. Bulk inserts through prepared multi-row statements,
 * one transaction per 100,000 entries, the ledger's indexes built once at the end.
 *
 *   node bench/ledger-generator.ts --entries 1000000 [--users 20000] [--dir /tmp/casino-ledger-1000000] [--force]
 */

import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readCommandLine } from "@casino/protocol/cli/command-line";
import { createSeededRandom } from "@casino/protocol/random/seeded-random";
import SQLite from "better-sqlite3";
import { openDatabase } from "../src/db/connect.ts";
import { CASINO_MIGRATIONS } from "../src/migrations.ts";

/** What to generate. */
export interface LedgerGeneratorOptions {
  /** Ledger entries to write (about two per transaction). */
  entries: number;
  /** Player accounts the bets spread over. */
  users: number;
  /** Folder of the casino.sqlite file. */
  dir: string;
  /** Seed of the bets' randomness. */
  seed?: number;
  /** Called after each committed batch. */
  progress?(written: number, total: number): void;
}

/** The default folder of a generated ledger of `entries` rows. */
export function defaultLedgerDir(entries: number): string {
  return join("/tmp", `casino-ledger-${entries}`);
}

const ENTRIES_PER_COMMIT = 100_000;
const ROWS_PER_STATEMENT = 200;
const HOUSE_SHARDS = 32;
const GRANT = 1_000_000_000; // 1000 HC in micro-units

/** Writes the ledger into `dir/casino.sqlite` (the casino's schema, migrated); returns the entries written. */
export async function generateLedger(
  options: LedgerGeneratorOptions,
): Promise<{ entries: number; transactions: number }> {
  mkdirSync(options.dir, { recursive: true });
  const handle = await openDatabase({
    migrations: CASINO_MIGRATIONS,
    dataDir: options.dir,
    backgroundCheckpoints: false,
  });
  await handle.close();
  const db = new SQLite(join(options.dir, "casino.sqlite"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -524288"); // 512 MiB
  db.pragma("temp_store = MEMORY");

  // Indexes are built once after the load: far cheaper than keeping them up to date row by row.
  const indexes = db
    .prepare(
      "select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in ('ledger_entries', 'ledger_transactions')",
    )
    .all() as { name: string; sql: string }[];
  for (const index of indexes) db.exec(`drop index ${index.name}`);

  const txValues = Array.from({ length: ROWS_PER_STATEMENT }, () => "(?, ?, ?, ?, ?)").join(", ");
  const entryValues = Array.from({ length: ROWS_PER_STATEMENT }, () => "(?, ?, ?, ?, ?, ?, ?)").join(", ");
  const insertTxs = db.prepare(
    `insert into ledger_transactions (id, kind, user_id, round_id, created_at) values ${txValues}`,
  );
  const insertEntries = db.prepare(
    `insert into ledger_entries (tx_id, account_id, currency, delta, reason, round_id, created_at) values ${entryValues}`,
  );
  const insertTx = db.prepare(
    "insert into ledger_transactions (id, kind, user_id, round_id, created_at) values (?, ?, ?, ?, ?)",
  );
  const insertEntry = db.prepare(
    "insert into ledger_entries (tx_id, account_id, currency, delta, reason, round_id, created_at) values (?, ?, ?, ?, ?, ?, ?)",
  );

  const random = createSeededRandom(options.seed ?? 11);
  const users = Array.from({ length: options.users }, (_, i) => `bench-user-${String(i).padStart(7, "0")}`);
  const balances = new Map<string, number>();
  const credit = (account: string, delta: number) =>
    balances.set(account, (balances.get(account) ?? 0) + delta);
  let txRows: unknown[] = [];
  let entryRows: unknown[] = [];
  let txCount = 0;
  let entryCount = 0;
  let clock = Date.UTC(2026, 0, 1);

  const flushRows = (all: boolean) => {
    while (txRows.length >= ROWS_PER_STATEMENT * 5) insertTxs.run(txRows.splice(0, ROWS_PER_STATEMENT * 5));
    while (entryRows.length >= ROWS_PER_STATEMENT * 7)
      insertEntries.run(entryRows.splice(0, ROWS_PER_STATEMENT * 7));
    if (!all) return;
    for (let i = 0; i < txRows.length; i += 5) insertTx.run(txRows.slice(i, i + 5));
    for (let i = 0; i < entryRows.length; i += 7) insertEntry.run(entryRows.slice(i, i + 7));
    txRows = [];
    entryRows = [];
  };
  const post = (kind: string, userId: string, moves: [string, number][]) => {
    clock += 1;
    txCount += 1;
    const txId = `${clock.toString(16).padStart(12, "0")}-bench-${String(txCount).padStart(12, "0")}`;
    txRows.push(txId, kind, userId, null, clock);
    for (const [account, delta] of moves) {
      entryRows.push(txId, account, "HC", delta, kind, null, clock);
      credit(account, delta);
      entryCount += 1;
    }
  };

  const batch = db.transaction((target: number) => {
    while (entryCount < target) {
      const user = users[Math.floor(random() * users.length)] as string;
      const house = `system:house:${Math.floor(random() * HOUSE_SHARDS)}`;
      const stake = (1 + Math.floor(random() * 100)) * 1_000_000;
      if ((balances.get(user) ?? 0) < stake) {
        post("demo_grant", user, [
          ["system:external", -GRANT],
          [user, GRANT],
        ]);
        continue;
      }
      post("bet", user, [
        [user, -stake],
        [house, stake],
      ]);
      if (random() < 0.48) {
        const win = stake * 2;
        post("win", user, [
          [house, -win],
          [user, win],
        ]);
      }
      flushRows(false);
    }
    flushRows(true);
  });

  for (let target = ENTRIES_PER_COMMIT; entryCount < options.entries; target += ENTRIES_PER_COMMIT) {
    batch(Math.min(target, options.entries));
    options.progress?.(entryCount, options.entries);
  }

  const writeBalances = db.transaction(() => {
    const upsert = db.prepare(
      "insert into balances (account_id, currency, balance, updated_at) values (?, 'HC', ?, ?) on conflict (account_id, currency) do update set balance = excluded.balance",
    );
    for (const [account, balance] of balances) upsert.run(account, balance, clock);
  });
  writeBalances();
  for (const index of indexes) db.exec(index.sql);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return { entries: entryCount, transactions: txCount };
}

/** Generates the ledger of `entries` rows in its default folder unless it is there already. */
export async function ensureLedger(entries: number, users: number, log = console.log): Promise<string> {
  const dir = defaultLedgerDir(entries);
  if (existsSync(join(dir, "complete"))) return dir;
  rmSync(dir, { recursive: true, force: true });
  const started = performance.now();
  let lastPrint = started;
  const made = await generateLedger({
    entries,
    users,
    dir,
    progress(written, total) {
      const t = performance.now();
      if (t - lastPrint < 2000 && written < total) return;
      lastPrint = t;
      log(`  generating ${dir}: ${written.toLocaleString("en")} / ${total.toLocaleString("en")} entries`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  log(
    `  generated ${made.entries.toLocaleString("en")} entries, ${made.transactions.toLocaleString("en")} transactions in ${seconds.toFixed(1)} s (${Math.round(made.entries / seconds).toLocaleString("en")} entries/s)`,
  );
  writeFileSync(join(dir, "complete"), `${JSON.stringify(made)}\n`);
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = readCommandLine({
    entries: { type: "string", default: "1000000" },
    users: { type: "string", default: "20000" },
    dir: { type: "string" },
    force: { type: "boolean", default: false },
  });
  const entries = Number(values.entries);
  const dir = values.dir ?? defaultLedgerDir(entries);
  if (values.force || values.dir) rmSync(dir, { recursive: true, force: true });
  if (values.dir) {
    const made = await generateLedger({ entries, users: Number(values.users), dir });
    console.log(`wrote ${made.entries} entries, ${made.transactions} transactions to ${dir}`);
  } else {
    console.log(`ledger in ${await ensureLedger(entries, Number(values.users))}`);
  }
}

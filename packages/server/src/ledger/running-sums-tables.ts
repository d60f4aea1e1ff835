/**
 * The bookkeeper's running sums ("0300_bookkeeper"): the sum of the ledger entries of every account
 * and currency up to a checkpoint, so each check reads only the entries written since. Listed in
 * LEDGER_MIGRATIONS below; typed here so the ledger code stays in its folder.
 */

import { type FeatureDb, featureDb } from "../db/feature-tables.ts";
import type { MigrationList } from "../db/migrator.ts";
import { schemaMigration, table } from "../db/tables.ts";

/** The checkpoint the running sums are at (one row, id "ledger"). */
export interface BookkeeperStateTable {
  id: string;
  /** "ready" when the sums are exactly the entries through the checkpoint; "writing" while they are saved in parts. */
  status: "ready" | "writing";
  /** Bumped by every save: a save whose base version moved on is refused (another process saved first). */
  version: number;
  /** The highest ledger entry id the sums include. */
  through_entry_id: number;
  /** PostgreSQL: entry ids at or below the checkpoint not yet visible (JSON EntryGap[]); "[]" on SQLite. */
  gaps: string;
  /** Ledger entries and transactions the sums include (for the dashboard). */
  entries_checked: number;
  transactions_checked: number;
  updated_at: number;
}

/** An account's sum of ledger entries through the checkpoint. */
export interface BookkeeperSumsTable {
  account_id: string;
  currency: "HC" | "AMINA";
  total: number;
  /** The state version of the rebuild that last wrote the row (rows a rebuild did not write are dropped). */
  generation: number;
}

/** The bookkeeper's tables by name. */
export type BookkeeperTables = {
  bookkeeper_state: BookkeeperStateTable;
  bookkeeper_sums: BookkeeperSumsTable;
};

/** A Kysely that knows the casino's tables and the bookkeeper's. */
export type BookkeeperDb = FeatureDb<BookkeeperTables>;

/** The same connection or transaction, typed with the bookkeeper's tables. */
export const bookkeeperDb = featureDb<BookkeeperTables>();

/** The migration creating the bookkeeper's tables on either dialect. */
export const bookkeeperMigration = schemaMigration(
  table("bookkeeper_state", {
    id: "text primary key",
    status: "text",
    version: "bigint",
    through_entry_id: "bigint",
    gaps: "text",
    entries_checked: "bigint",
    transactions_checked: "bigint",
    updated_at: "bigint",
  }),
  table(
    "bookkeeper_sums",
    { account_id: "text", currency: "text", total: "bigint", generation: "bigint" },
    { primaryKey: ["account_id", "currency"] },
  ),
);

/** The ledger's migrations by id (its core tables are in db/migrations.ts's first schema). */
export const LEDGER_MIGRATIONS: MigrationList = {
  "0300_bookkeeper": bookkeeperMigration,
};

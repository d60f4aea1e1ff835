/**
 * The recovery tables ("0760_demo_recovery"): a demo identity's recovery key, stored only as its
 * SHA-256 (the key carries 160 random bits, so a fast hash is enough), and the exclusions a browser
 * started, by the SHA-256 of its browser cookie, so its next demo identities start excluded.
 * Composed in src/migrations.ts.
 */
import type { Kysely } from "kysely";
import type { MigrationList } from "../db/migrator.ts";
import type { Database } from "../db/schema.ts";
import { schemaMigration, table } from "../db/tables.ts";

/** One demo identity's recovery key (no row: none issued yet). */
export interface DemoRecoveryKeysTable {
  user_id: string;
  key_hash: string; // SHA-256 hex of the key's canonical form
  created_at: number;
}

/** The longest cool-off or self-exclusion started from one browser. */
export interface BrowserExclusionsTable {
  browser_hash: string; // SHA-256 hex of the browser cookie's value
  kind: "cool_off" | "self_exclusion";
  until: number;
  updated_at: number;
}

/** The casino's database with the recovery tables. */
export type RecoveryDb = Kysely<
  Database & { demo_recovery_keys: DemoRecoveryKeysTable; browser_exclusions: BrowserExclusionsTable }
>;

/** The database seen with the recovery tables. */
export function recoveryDb(db: Kysely<Database>): RecoveryDb {
  return db as unknown as RecoveryDb;
}

/** The migration creating both tables on either dialect. */
export const recoveryMigration = schemaMigration(
  table("demo_recovery_keys", { user_id: "text primary key", key_hash: "text unique", created_at: "bigint" }),
  table("browser_exclusions", {
    browser_hash: "text primary key",
    kind: "text",
    until: "bigint",
    updated_at: "bigint",
  }),
);

/** Demo recovery's migrations by id. */
export const RECOVERY_MIGRATIONS: MigrationList = {
  "0760_demo_recovery": recoveryMigration,
};

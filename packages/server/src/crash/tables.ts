/**
 * Supernova's tables ("0790_crash"): the hash chain of each currency (its published terminal, the
 * salt's block and the salt once known), the chain's checkpoints (every 1,000th hash, secret but
 * the terminal) and the shared rounds. Players' bets are ordinary game_rounds rows (game "crash").
 */
import type { Currency } from "@casino/protocol";
import type { Kysely } from "kysely";
import type { MigrationList } from "../db/migrator.ts";
import type { Database } from "../db/schema.ts";
import { schemaMigration, table } from "../db/tables.ts";

/** A currency's hash chain and its public commitment. */
export interface CrashChainsTable {
  currency: Currency;
  terminal: string; // index 0 of the chain, published before the first round
  length: number;
  checkpoint_every: number;
  salt_block: number; // the Algorand round whose block hash salts every crash point
  salt: string | null; // that block's hash, once the block exists
  lease_owner: string | null; // the process hosting the currency's rounds (lease.ts)
  lease_expires_at: number | null;
  lease_epoch: number; // the fence: grows with every new host; a host writes rounds only with its own
  created_at: number;
}

/** Every `checkpoint_every`-th hash of a chain (index 0 is the terminal, `length` the secret last hash). */
export interface CrashCheckpointsTable {
  currency: Currency;
  idx: number;
  hash: string;
}

/** One shared round: its hash and crash point are written when the flight ends (or the round is voided). */
export interface CrashRoundsTable {
  currency: Currency;
  number: number; // 1-based: round r uses chain index r
  status: "betting" | "flying" | "crashed" | "void";
  starts_at: number; // when the flight starts (planned, on the server's clock)
  started_at: number | null;
  ended_at: number | null;
  crash_point: number | null; // hundredths
  end_point: number | null; // where the flight ended: the crash point, or the payout cap's point
  hash: string | null;
  host_epoch: number; // the lease epoch of the host that opened it
  created_at: number;
}

/** The crash tables beside the casino's. */
export interface CrashDatabase extends Database {
  crash_chains: CrashChainsTable;
  crash_checkpoints: CrashCheckpointsTable;
  crash_rounds: CrashRoundsTable;
}

/** The database as the crash tables see it. */
export function crashDb(db: Kysely<Database>): Kysely<CrashDatabase> {
  return db as unknown as Kysely<CrashDatabase>;
}

/** The migration creating the crash tables on either dialect. */
export const crashMigration = schemaMigration(
  table("crash_chains", {
    currency: "text primary key",
    terminal: "text",
    length: "bigint",
    checkpoint_every: "bigint",
    salt_block: "bigint",
    salt: "text null",
    lease_owner: "text null",
    lease_expires_at: "bigint null",
    lease_epoch: "bigint",
    created_at: "bigint",
  }),
  table(
    "crash_checkpoints",
    { currency: "text", idx: "bigint", hash: "text" },
    { primaryKey: ["currency", "idx"] },
  ),
  table(
    "crash_rounds",
    {
      currency: "text",
      number: "bigint",
      status: "text",
      starts_at: "bigint",
      started_at: "bigint null",
      ended_at: "bigint null",
      crash_point: "bigint null",
      end_point: "bigint null",
      hash: "text null",
      host_epoch: "bigint",
      created_at: "bigint",
    },
    { primaryKey: ["currency", "number"] },
  ),
);

/** Supernova's migrations by id. */
export const CRASH_MIGRATIONS: MigrationList = {
  "0790_crash": crashMigration,
};

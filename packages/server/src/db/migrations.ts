/** Schema migrations, run at start on SQLite and PostgreSQL alike. */
import { type Kysely, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import { bookkeeperMigration } from "../ledger/running-sums-tables.ts";
import { pokerMigration } from "../poker/migrations.ts";
import { securityMigration } from "../security/migrations.ts";
import type { Dialect } from "./connect.ts";

/** Column types that differ between the two dialects. */
function typesFor(dialect: Dialect) {
  return {
    money: dialect === "postgres" ? ("bigint" as const) : ("integer" as const),
    time: dialect === "postgres" ? ("bigint" as const) : ("integer" as const),
    serial: dialect === "postgres" ? ("bigserial" as const) : ("integer" as const),
  };
}

function initialSchema(dialect: Dialect): Migration {
  const t = typesFor(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("wallet_address", "text", (c) => c.notNull().unique())
        .addColumn("username", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("created_at", t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("balances")
        .addColumn("account_id", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("balance", t.money, (c) => c.notNull())
        .addColumn("updated_at", t.time, (c) => c.notNull())
        .addPrimaryKeyConstraint("balances_pk", ["account_id", "currency"])
        .addCheckConstraint("balances_non_negative", sql`balance >= 0 OR account_id LIKE 'system:%'`)
        .execute();

      await db.schema
        .createTable("ledger_transactions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("user_id", "text")
        .addColumn("round_id", "text")
        .addColumn("created_at", t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("ledger_entries")
        .addColumn("id", t.serial, (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("tx_id", "text", (c) => c.notNull())
        .addColumn("account_id", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("delta", t.money, (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("round_id", "text")
        .addColumn("created_at", t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("ledger_entries_account")
        .on("ledger_entries")
        .columns(["account_id", "currency"])
        .execute();
      await db.schema.createIndex("ledger_entries_tx").on("ledger_entries").column("tx_id").execute();

      await db.schema
        .createTable("game_rounds")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("game_type", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("bet_amount", t.money, (c) => c.notNull())
        .addColumn("win_amount", t.money, (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("seed_id", "text", (c) => c.notNull())
        .addColumn("server_seed_hash", "text", (c) => c.notNull())
        .addColumn("client_seed", "text", (c) => c.notNull())
        .addColumn("nonce", "integer", (c) => c.notNull())
        .addColumn("input", "text", (c) => c.notNull())
        .addColumn("state", "text")
        .addColumn("outcome", "text")
        .addColumn("created_at", t.time, (c) => c.notNull())
        .addColumn("updated_at", t.time, (c) => c.notNull())
        .addColumn("settled_at", t.time)
        .execute();
      await db.schema
        .createIndex("game_rounds_user_created")
        .on("game_rounds")
        .columns(["user_id", "created_at"])
        .execute();
      await db.schema
        .createIndex("game_rounds_status")
        .on("game_rounds")
        .columns(["status", "updated_at"])
        .execute();

      await db.schema
        .createTable("fair_seeds")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("server_seed", "text", (c) => c.notNull())
        .addColumn("server_seed_hash", "text", (c) => c.notNull())
        .addColumn("client_seed", "text", (c) => c.notNull())
        .addColumn("next_nonce", "integer", (c) => c.notNull())
        .addColumn("is_active", "integer", (c) => c.notNull())
        .addColumn("created_at", t.time, (c) => c.notNull())
        .addColumn("revealed_at", t.time)
        .execute();
      await db.schema
        .createIndex("fair_seeds_user")
        .on("fair_seeds")
        .columns(["user_id", "is_active"])
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text")
        .addColumn("created_at", t.time, (c) => c.notNull())
        .addColumn("expires_at", t.time, (c) => c.notNull())
        .addColumn("last_seen_at", t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("demo_owners")
        .addColumn("user_id", "text", (c) => c.primaryKey())
        .addColumn("owner_token_hash", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("auth_challenges")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("wallet_address", "text", (c) => c.notNull())
        .addColumn("challenge", "text", (c) => c.notNull())
        .addColumn("expires_at", t.time, (c) => c.notNull())
        .addColumn("used_at", t.time)
        .execute();

      await db.schema
        .createTable("idempotency_keys")
        .addColumn("scope", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("status_code", "integer", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", t.time, (c) => c.notNull())
        .addPrimaryKeyConstraint("idempotency_keys_pk", ["scope", "key"])
        .execute();

      await db.schema
        .createTable("crypto_transactions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("amount", t.money, (c) => c.notNull())
        .addColumn("txn_hash", "text", (c) => c.unique())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("crypto_transactions_user")
        .on("crypto_transactions")
        .columns(["user_id", "created_at"])
        .execute();

      await db.schema
        .createTable("chain_accounts")
        .addColumn("address", "text", (c) => c.primaryKey())
        .addColumn("amina", t.money, (c) => c.notNull())
        .addCheckConstraint("chain_accounts_non_negative", sql`amina >= 0`)
        .execute();

      await db.schema
        .createTable("chain_transfers")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("from_address", "text", (c) => c.notNull())
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("amount", t.money, (c) => c.notNull())
        .addColumn("note", "text", (c) => c.notNull())
        .addColumn("created_at", t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("security_events")
        .addColumn("id", t.serial, (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("severity", "text", (c) => c.notNull())
        .addColumn("location", "text", (c) => c.notNull())
        .addColumn("details", "text", (c) => c.notNull())
        .addColumn("risk_score", "integer", (c) => c.notNull())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("blocked", "integer", (c) => c.notNull())
        .addColumn("rule", "text")
        .addColumn("resolved", "integer", (c) => c.notNull())
        .addColumn("created_at", t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("security_events_created")
        .on("security_events")
        .column("created_at")
        .execute();

      await db.schema
        .createTable("settings")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("updated_at", t.time, (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * One active seed per user and one open round per user and game, enforced by the database under
 * concurrency; the index of open rounds by age covers only open rounds, so settled bets skip it.
 */
const uniqueActiveRows: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("fair_seeds_one_active")
      .unique()
      .on("fair_seeds")
      .column("user_id")
      .where(sql.ref("is_active"), "=", 1)
      .execute();
    await db.schema
      .createIndex("game_rounds_one_open")
      .unique()
      .on("game_rounds")
      .columns(["user_id", "game_type"])
      .where(sql.ref("status"), "=", "open")
      .execute();
    await db.schema.dropIndex("game_rounds_status").execute();
    await db.schema
      .createIndex("game_rounds_open_by_age")
      .on("game_rounds")
      .column("updated_at")
      .where(sql.ref("status"), "=", "open")
      .execute();
  },
};

/** Free spins the server holds for a player (slots bonus), one bonus per user and currency. */
function freeSpins(dialect: Dialect): Migration {
  const t = typesFor(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("free_spins")
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("remaining", "integer", (c) => c.notNull())
        .addColumn("multiplier", "integer", (c) => c.notNull())
        .addColumn("bet_amount", t.money, (c) => c.notNull())
        .addColumn("won", t.money, (c) => c.notNull())
        .addColumn("created_at", t.time, (c) => c.notNull())
        .addColumn("updated_at", t.time, (c) => c.notNull())
        .addPrimaryKeyConstraint("free_spins_pk", ["user_id", "currency"])
        .addCheckConstraint("free_spins_remaining_non_negative", sql`remaining >= 0`)
        .execute();
    },
  };
}

/** Idempotency keys remember the hash of the request they answered (a reused key with another body: 422). */
const idempotencyRequestHash: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("idempotency_keys").addColumn("request_hash", "text").execute();
  },
};

/** Security events aggregate repeated like events into one row: how many, and when the last was. */
function securityEventCounts(dialect: Dialect): Migration {
  const t = typesFor(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("security_events")
        .addColumn("count", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable("security_events").addColumn("last_seen", t.time).execute();
    },
  };
}

/** Every migration in order; append new ones, never edit a released one. */
function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_initial": initialSchema(dialect),
    "0002_unique_active_rows": uniqueActiveRows,
    "0003_free_spins": freeSpins(dialect),
    "0100_poker": pokerMigration(dialect),
    "0200_security": securityMigration(dialect),
    "0300_bookkeeper": bookkeeperMigration(dialect),
    "0410_idempotency_request_hash": idempotencyRequestHash,
    "0420_security_event_counts": securityEventCounts(dialect),
  };
}

/** Brings the database up to the latest schema; throws with the failing migration's error. */
export async function migrateToLatest(
  db: Kysely<unknown>,
  dialect: Dialect,
  pgSchema?: string,
): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  // On PostgreSQL the migration tables are looked up in our schema by name: Kysely's check would
  // otherwise find another schema's tables (a parallel test's) and skip creating its own.
  const migrationTableSchema = dialect === "postgres" ? (pgSchema ?? "public") : undefined;
  const { error, results } = await new Migrator({
    db,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
}

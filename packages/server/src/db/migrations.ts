/** Schema migrations, run at start on SQLite and PostgreSQL alike. */
import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import { chatMigration } from "../floor/chat/migrations.ts";
import { floorPrivacyMigration } from "../floor/feed/privacy.ts";
import { standingsMigration } from "../floor/standings/migrations.ts";
import { bookkeeperMigration } from "../ledger/running-sums-tables.ts";
import { pokerMigration } from "../poker/migrations.ts";
import { tournamentMigration } from "../poker/tournament/migrations.ts";
import { responsibleMigration } from "../responsible/migration.ts";
import { securityMigration } from "../security/migrations.ts";
import type { Dialect } from "./connect.ts";
import { bigintOf, createIndexOn, createTableOf } from "./tables.ts";

/** Column types that differ between the two dialects. */
function typesFor(dialect: Dialect) {
  return {
    money: bigintOf(dialect),
    time: bigintOf(dialect),
    serial: dialect === "postgres" ? ("bigserial" as const) : ("integer" as const),
  };
}

function initialSchema(dialect: Dialect): Migration {
  const t = typesFor(dialect);
  const serialKey = (c: ColumnDefinitionBuilder) =>
    dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>) {
      await createTableOf(db, "users", {
        id: ["text", "primary"],
        wallet_address: ["text", (c) => c.notNull().unique()],
        username: "text",
        kind: "text",
        created_at: t.time,
      });

      await createTableOf(
        db,
        "balances",
        {
          account_id: "text",
          currency: "text",
          balance: t.money,
          updated_at: t.time,
        },
        (table) =>
          table
            .addPrimaryKeyConstraint("balances_pk", ["account_id", "currency"])
            .addCheckConstraint("balances_non_negative", sql`balance >= 0 OR account_id LIKE 'system:%'`),
      );

      await createTableOf(db, "ledger_transactions", {
        id: ["text", "primary"],
        kind: "text",
        user_id: ["text", "null"],
        round_id: ["text", "null"],
        created_at: t.time,
      });

      await createTableOf(db, "ledger_entries", {
        id: [t.serial, serialKey],
        tx_id: "text",
        account_id: "text",
        currency: "text",
        delta: t.money,
        reason: "text",
        round_id: ["text", "null"],
        created_at: t.time,
      });
      await createIndexOn(db, "ledger_entries_account", "ledger_entries", ["account_id", "currency"]);
      await createIndexOn(db, "ledger_entries_tx", "ledger_entries", ["tx_id"]);

      await createTableOf(db, "game_rounds", {
        id: ["text", "primary"],
        user_id: "text",
        game_type: "text",
        currency: "text",
        bet_amount: t.money,
        win_amount: t.money,
        status: "text",
        seed_id: "text",
        server_seed_hash: "text",
        client_seed: "text",
        nonce: "integer",
        input: "text",
        state: ["text", "null"],
        outcome: ["text", "null"],
        created_at: t.time,
        updated_at: t.time,
        settled_at: [t.time, "null"],
      });
      await createIndexOn(db, "game_rounds_user_created", "game_rounds", ["user_id", "created_at"]);
      await createIndexOn(db, "game_rounds_status", "game_rounds", ["status", "updated_at"]);

      await createTableOf(db, "fair_seeds", {
        id: ["text", "primary"],
        user_id: "text",
        server_seed: "text",
        server_seed_hash: "text",
        client_seed: "text",
        next_nonce: "integer",
        is_active: "integer",
        created_at: t.time,
        revealed_at: [t.time, "null"],
      });
      await createIndexOn(db, "fair_seeds_user", "fair_seeds", ["user_id", "is_active"]);

      await createTableOf(db, "sessions", {
        token_hash: ["text", "primary"],
        user_id: ["text", "null"],
        created_at: t.time,
        expires_at: t.time,
        last_seen_at: t.time,
      });

      await createTableOf(db, "demo_owners", {
        user_id: ["text", "primary"],
        owner_token_hash: "text",
      });

      await createTableOf(db, "auth_challenges", {
        id: ["text", "primary"],
        wallet_address: "text",
        challenge: "text",
        expires_at: t.time,
        used_at: [t.time, "null"],
      });

      await createTableOf(
        db,
        "idempotency_keys",
        {
          scope: "text",
          key: "text",
          status_code: "integer",
          body: "text",
          created_at: t.time,
        },
        (table) => table.addPrimaryKeyConstraint("idempotency_keys_pk", ["scope", "key"]),
      );

      await createTableOf(db, "crypto_transactions", {
        id: ["text", "primary"],
        user_id: "text",
        type: "text",
        currency: "text",
        amount: t.money,
        txn_hash: ["text", (c) => c.unique()],
        status: "text",
        created_at: t.time,
      });
      await createIndexOn(db, "crypto_transactions_user", "crypto_transactions", ["user_id", "created_at"]);

      await createTableOf(
        db,
        "chain_accounts",
        {
          address: ["text", "primary"],
          amina: t.money,
        },
        (table) => table.addCheckConstraint("chain_accounts_non_negative", sql`amina >= 0`),
      );

      await createTableOf(db, "chain_transfers", {
        id: ["text", "primary"],
        from_address: "text",
        to_address: "text",
        amount: t.money,
        note: "text",
        created_at: t.time,
      });

      await createTableOf(db, "security_events", {
        id: [t.serial, serialKey],
        type: "text",
        severity: "text",
        location: "text",
        details: "text",
        risk_score: "integer",
        source: "text",
        blocked: "integer",
        rule: ["text", "null"],
        resolved: "integer",
        created_at: t.time,
      });
      await createIndexOn(db, "security_events_created", "security_events", ["created_at"]);

      await createTableOf(db, "settings", {
        key: ["text", "primary"],
        value: "text",
        updated_at: t.time,
      });
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
      await createTableOf(
        db,
        "free_spins",
        {
          user_id: "text",
          currency: "text",
          remaining: "integer",
          multiplier: "integer",
          bet_amount: t.money,
          won: t.money,
          created_at: t.time,
          updated_at: t.time,
        },
        (table) =>
          table
            .addPrimaryKeyConstraint("free_spins_pk", ["user_id", "currency"])
            .addCheckConstraint("free_spins_remaining_non_negative", sql`remaining >= 0`),
      );
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
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_initial": initialSchema(dialect),
    "0002_unique_active_rows": uniqueActiveRows,
    "0003_free_spins": freeSpins(dialect),
    "0100_poker": pokerMigration(dialect),
    "0200_security": securityMigration(dialect),
    "0300_bookkeeper": bookkeeperMigration(dialect),
    "0410_idempotency_request_hash": idempotencyRequestHash,
    "0420_security_event_counts": securityEventCounts(dialect),
    "0500_responsible_gaming": responsibleMigration(dialect),
    "0530_standings": standingsMigration,
    "0560_floor_chat": chatMigration(dialect),
    "0580_floor_feed_privacy": floorPrivacyMigration(dialect),
    "0600_tournaments": tournamentMigration(dialect),
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

/**
 * The poker schema ("0100_poker"): tables with their lease, seats with their settled stacks, hands
 * with their log and seed, and who played each hand. Registered in db/migrations.ts.
 */
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../db/connect.ts";

/** The migration creating the poker tables on either dialect. */
export function pokerMigration(dialect: Dialect): Migration {
  const big = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  const serial = dialect === "postgres" ? ("bigserial" as const) : ("integer" as const);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("poker_tables")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("small_blind", big, (c) => c.notNull())
        .addColumn("big_blind", big, (c) => c.notNull())
        .addColumn("buy_in_min", big, (c) => c.notNull())
        .addColumn("buy_in_max", big, (c) => c.notNull())
        .addColumn("max_players", "integer", (c) => c.notNull())
        .addColumn("units_per_chip", big, (c) => c.notNull())
        .addColumn("has_bots", "integer", (c) => c.notNull())
        .addColumn("seeded", "integer", (c) => c.notNull())
        .addColumn("sort_order", "integer", (c) => c.notNull())
        .addColumn("hand_count", big, (c) => c.notNull())
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("lease_owner", "text")
        .addColumn("lease_expires_at", big)
        .execute();

      await db.schema
        .createTable("poker_seats")
        .addColumn("table_id", "text", (c) => c.notNull())
        .addColumn("seat", "integer", (c) => c.notNull())
        .addColumn("player_id", "text", (c) => c.notNull())
        .addColumn("user_id", "text")
        .addColumn("display_name", "text", (c) => c.notNull())
        .addColumn("stack", big, (c) => c.notNull().check(sql`stack >= 0`))
        .addColumn("client_seed", "text", (c) => c.notNull())
        .addColumn("joined_at", big, (c) => c.notNull())
        .addPrimaryKeyConstraint("poker_seats_pk", ["table_id", "seat"])
        .addUniqueConstraint("poker_seats_one_per_player", ["table_id", "player_id"])
        .execute();

      await db.schema
        .createTable("poker_hands")
        .addColumn("id", serial, (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("table_id", "text", (c) => c.notNull())
        .addColumn("hand_number", big, (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("units_per_chip", big, (c) => c.notNull())
        .addColumn("small_blind", big, (c) => c.notNull())
        .addColumn("big_blind", big, (c) => c.notNull())
        .addColumn("hand_seed", "text", (c) => c.notNull())
        .addColumn("deck_hash", "text", (c) => c.notNull())
        .addColumn("client_seeds", "text", (c) => c.notNull())
        .addColumn("players", "text", (c) => c.notNull())
        .addColumn("events", "text")
        .addColumn("board", "text")
        .addColumn("results", "text")
        .addColumn("rake", big, (c) => c.notNull())
        .addColumn("started_at", big, (c) => c.notNull())
        .addColumn("ended_at", big)
        .execute();
      await db.schema
        .createIndex("poker_hands_table")
        .on("poker_hands")
        .columns(["table_id", "hand_number"])
        .execute();

      await db.schema
        .createTable("poker_hand_players")
        .addColumn("hand_id", big, (c) => c.notNull())
        .addColumn("seat", "integer", (c) => c.notNull())
        .addColumn("player_id", "text", (c) => c.notNull())
        .addColumn("start_stack", big, (c) => c.notNull())
        .addColumn("end_stack", big)
        .addPrimaryKeyConstraint("poker_hand_players_pk", ["hand_id", "seat"])
        .execute();
      await db.schema
        .createIndex("poker_hand_players_player")
        .on("poker_hand_players")
        .columns(["player_id", "hand_id"])
        .execute();
    },
  };
}

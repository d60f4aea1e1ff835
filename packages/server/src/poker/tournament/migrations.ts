/** The Sit & Go schema ("0600_tournaments"), registered in db/migrations.ts; SQLite and PostgreSQL. */
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../../db/connect.ts";
import { bigintOf, createIndexOn, createTableOf } from "../../db/tables.ts";

/** The migration creating the tournament tables on either dialect. */
export function tournamentMigration(dialect: Dialect): Migration {
  const big = bigintOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await createTableOf(db, "tournaments", {
        id: ["text", "primary"],
        definition_id: "text",
        name: "text",
        currency: "text",
        max_players: "integer",
        buy_in: big,
        fee: big,
        starting_stack: big,
        level_ms: big,
        bot_fill_ms: [big, "null"],
        status: "text",
        table_id: "text",
        hand_count: big,
        created_at: big,
        first_registered_at: [big, "null"],
        started_at: [big, "null"],
        finished_at: [big, "null"],
      });
      await createIndexOn(db, "tournaments_status", "tournaments", ["status"]);
      await createTableOf(
        db,
        "tournament_entries",
        {
          tournament_id: "text",
          player_id: "text",
          user_id: ["text", "null"],
          display_name: "text",
          client_seed: "text",
          registered_at: big,
          seat: ["integer", "null"],
          stack: [big, (c) => c.notNull().check(sql`stack >= 0`)],
          bust_hand: [big, "null"],
          bust_stack: [big, "null"],
          place: ["integer", "null"],
          prize: [big, "null"],
        },
        (table) => table.addPrimaryKeyConstraint("tournament_entries_pk", ["tournament_id", "player_id"]),
      );
      await createTableOf(
        db,
        "tournament_payouts",
        {
          tournament_id: "text",
          position: "integer",
          player_id: "text",
          place: "integer",
          amount: big,
          paid_at: big,
        },
        (table) => table.addPrimaryKeyConstraint("tournament_payouts_pk", ["tournament_id", "position"]),
      );
    },
  };
}

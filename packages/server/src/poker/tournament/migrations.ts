/** The Sit & Go schema ("0600_tournaments"), listed in poker/migrations.ts; SQLite and PostgreSQL. */
import { sql } from "kysely";
import { addColumns, schemaMigration, table } from "../../db/tables.ts";

/** The migration creating the tournament tables on either dialect. */
export const tournamentMigration = schemaMigration(
  table(
    "tournaments",
    {
      id: "text primary key",
      definition_id: "text",
      name: "text",
      currency: "text",
      max_players: "integer",
      buy_in: "bigint",
      fee: "bigint",
      starting_stack: "bigint",
      level_ms: "bigint",
      bot_fill_ms: "bigint null",
      status: "text",
      table_id: "text",
      hand_count: "bigint",
      created_at: "bigint",
      first_registered_at: "bigint null",
      started_at: "bigint null",
      finished_at: "bigint null",
    },
    { indexes: { tournaments_status: ["status"] } },
  ),
  table(
    "tournament_entries",
    {
      tournament_id: "text",
      player_id: "text",
      user_id: "text null",
      display_name: "text",
      client_seed: "text",
      registered_at: "bigint",
      seat: "integer null",
      stack: ["bigint", (c) => c.notNull().check(sql`stack >= 0`)],
      bust_hand: "bigint null",
      bust_stack: "bigint null",
      place: "integer null",
      prize: "bigint null",
    },
    { primaryKey: ["tournament_id", "player_id"] },
  ),
  table(
    "tournament_payouts",
    {
      tournament_id: "text",
      position: "integer",
      player_id: "text",
      place: "integer",
      amount: "bigint",
      paid_at: "bigint",
    },
    { primaryKey: ["tournament_id", "position"] },
  ),
);

/**
 * The host lease of a running tournament ("0730_tournament_hosts"): the process hosting its table,
 * until when, and the fencing token that every hand's settlement must still match.
 */
export const tournamentHostMigration = schemaMigration(
  addColumns("tournaments", {
    host_owner: "text null",
    host_expires_at: "bigint null",
    host_token: ["bigint", (c) => c.notNull().defaultTo(0)],
  }),
);

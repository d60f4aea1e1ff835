/**
 * The poker schema ("0100_poker"): tables with their lease, seats with their settled stacks, hands
 * with their log and seed, and who played each hand; then ("0700_poker_hand_status") partial
 * indexes of the live and the voided hands. Composed in src/migrations.ts.
 */
import { sql } from "kysely";
import type { MigrationList } from "../db/migrator.ts";
import { index, schemaMigration, table } from "../db/tables.ts";
import { tournamentHostMigration, tournamentMigration } from "./tournament/migrations.ts";

/** The migration creating the poker tables on either dialect. */
export const pokerMigration = schemaMigration(
  table("poker_tables", {
    id: "text primary key",
    name: "text unique",
    kind: "text",
    currency: "text",
    small_blind: "bigint",
    big_blind: "bigint",
    buy_in_min: "bigint",
    buy_in_max: "bigint",
    max_players: "integer",
    units_per_chip: "bigint",
    has_bots: "integer",
    seeded: "integer",
    sort_order: "integer",
    hand_count: "bigint",
    created_at: "bigint",
    lease_owner: "text null",
    lease_expires_at: "bigint null",
  }),
  table(
    "poker_seats",
    {
      table_id: "text",
      seat: "integer",
      player_id: "text",
      user_id: "text null",
      display_name: "text",
      stack: ["bigint", (c) => c.notNull().check(sql`stack >= 0`)],
      client_seed: "text",
      joined_at: "bigint",
    },
    { primaryKey: ["table_id", "seat"], unique: { poker_seats_one_per_player: ["table_id", "player_id"] } },
  ),
  table(
    "poker_hands",
    {
      id: "bigserial primary key",
      table_id: "text",
      hand_number: "bigint",
      status: "text",
      currency: "text",
      units_per_chip: "bigint",
      small_blind: "bigint",
      big_blind: "bigint",
      hand_seed: "text",
      deck_hash: "text",
      client_seeds: "text",
      players: "text",
      events: "text null",
      board: "text null",
      results: "text null",
      rake: "bigint",
      started_at: "bigint",
      ended_at: "bigint null",
    },
    { indexes: { poker_hands_table: ["table_id", "hand_number"] } },
  ),
  table(
    "poker_hand_players",
    {
      hand_id: "bigint",
      seat: "integer",
      player_id: "text",
      start_stack: "bigint",
      end_stack: "bigint null",
    },
    { primaryKey: ["hand_id", "seat"], indexes: { poker_hand_players_player: ["player_id", "hand_id"] } },
  ),
);

/**
 * The few hands that are live (by table) and the few that were voided, each in its own partial
 * index, so looking them up never reads the finished hands, which grow without end.
 */
export const pokerHandStatusMigration = schemaMigration(
  index("poker_hands_live", "poker_hands", ["table_id"], { where: { status: "live" } }),
  index("poker_hands_voided", "poker_hands", ["id"], { where: { status: "voided" } }),
);

/** Poker's migrations by id, Sit & Go tournaments' among them. */
export const POKER_MIGRATIONS: MigrationList = {
  "0100_poker": pokerMigration,
  "0600_tournaments": tournamentMigration,
  "0700_poker_hand_status": pokerHandStatusMigration,
  "0730_tournament_hosts": tournamentHostMigration,
};

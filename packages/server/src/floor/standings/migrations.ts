/**
 * The standings schema ("0530_standings"): the index one game's leaderboard reads its period
 * through. The all-games boards read the existing `game_rounds_created` index, and a player's
 * figures the `game_rounds_user_created` one. Composed in src/migrations.ts.
 */
import { index, schemaMigration } from "../../db/tables.ts";

/** The migration adding the per-game period index (the same on SQLite and PostgreSQL). */
export const standingsMigration = schemaMigration(
  index("game_rounds_game_created", "game_rounds", ["game_type", "created_at"]),
);

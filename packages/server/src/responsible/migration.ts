/**
 * The responsible-gaming table ("0500_responsible_gaming"): one row per player who set anything,
 * holding the whole state as JSON (limits, pending changes, running totals, session, exclusion),
 * plus the columns the operator's list filters on. Composed in src/migrations.ts.
 */

import type { MigrationList } from "../db/migrator.ts";
import { schemaMigration, table } from "../db/tables.ts";

/** The migration creating the table on either dialect. */
export const responsibleMigration = schemaMigration(
  table(
    "responsible_gaming",
    {
      user_id: "text primary key",
      state: "text",
      listed_until: "bigint null", // until when the operator lists the player (null: nothing set)
      created_at: "bigint",
      updated_at: "bigint",
    },
    { indexes: { responsible_gaming_listed: ["listed_until"] } },
  ),
);

/** Responsible gaming's migrations by id. */
export const RESPONSIBLE_MIGRATIONS: MigrationList = {
  "0500_responsible_gaming": responsibleMigration,
};

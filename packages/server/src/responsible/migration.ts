/**
 * The responsible-gaming table ("0500_responsible_gaming"): one row per player who set anything,
 * holding the whole state as JSON (limits, pending changes, running totals, session, exclusion),
 * plus the columns the operator's list filters on. Registered in db/migrations.ts.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../db/connect.ts";
import { bigintOf, createIndexOn, createTableOf } from "../db/tables.ts";

/** The migration creating the table on either dialect. */
export function responsibleMigration(dialect: Dialect): Migration {
  const big = bigintOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await createTableOf(db, "responsible_gaming", {
        user_id: ["text", "primary"],
        state: "text",
        listed_until: [big, "null"], // until when the operator lists the player (null: nothing set)
        created_at: big,
        updated_at: big,
      });
      await createIndexOn(db, "responsible_gaming_listed", "responsible_gaming", ["listed_until"]);
    },
  };
}

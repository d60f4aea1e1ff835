/**
 * The operator schema ("0200_security"): operator login tokens (hashes only), the monitors'
 * counters and last reports (in the database so several processes can share them), and the
 * indexes the dashboard's per-minute and per-day figures read through. Registered in db/migrations.ts.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../db/connect.ts";

/** The migration creating the operator tables on either dialect. */
export function securityMigration(dialect: Dialect): Migration {
  const big = dialect === "postgres" ? ("bigint" as const) : ("integer" as const);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("operator_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("expires_at", big, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("operator_counters")
        .addColumn("persona", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("value", big, (c) => c.notNull())
        .addColumn("updated_at", big, (c) => c.notNull())
        .addPrimaryKeyConstraint("operator_counters_pk", ["persona", "name"])
        .execute();

      await db.schema
        .createTable("operator_reports")
        .addColumn("persona", "text", (c) => c.primaryKey())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("updated_at", big, (c) => c.notNull())
        .execute();

      await db.schema.createIndex("game_rounds_created").on("game_rounds").column("created_at").execute();
      await db.schema
        .createIndex("security_events_open")
        .on("security_events")
        .columns(["resolved", "severity"])
        .execute();
    },
  };
}

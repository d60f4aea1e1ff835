/**
 * The operator schema ("0200_security"): operator login tokens (hashes only), the monitors'
 * counters and last reports (in the database so several processes can share them), and the
 * indexes the dashboard's per-minute and per-day figures read through. Registered in db/migrations.ts.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../db/connect.ts";
import { bigintOf, createIndexOn, createTableOf } from "../db/tables.ts";

/** The migration creating the operator tables on either dialect. */
export function securityMigration(dialect: Dialect): Migration {
  const big = bigintOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await createTableOf(db, "operator_tokens", {
        token_hash: ["text", "primary"],
        created_at: big,
        expires_at: big,
      });

      await createTableOf(
        db,
        "operator_counters",
        {
          persona: "text",
          name: "text",
          value: big,
          updated_at: big,
        },
        (table) => table.addPrimaryKeyConstraint("operator_counters_pk", ["persona", "name"]),
      );

      await createTableOf(db, "operator_reports", {
        persona: ["text", "primary"],
        body: "text",
        updated_at: big,
      });

      await createIndexOn(db, "game_rounds_created", "game_rounds", ["created_at"]);
      await createIndexOn(db, "security_events_open", "security_events", ["resolved", "severity"]);
    },
  };
}

/**
 * The operator schema ("0200_security"): operator login tokens (hashes only), the monitors'
 * counters and last reports (in the database so several processes can share them), and the
 * indexes the dashboard's per-minute and per-day figures read through. Composed in src/migrations.ts.
 */

import type { MigrationList } from "../db/migrator.ts";
import { index, schemaMigration, table } from "../db/tables.ts";

/** The migration creating the operator tables on either dialect. */
export const securityMigration = schemaMigration(
  table("operator_tokens", { token_hash: "text primary key", created_at: "bigint", expires_at: "bigint" }),
  table(
    "operator_counters",
    { persona: "text", name: "text", value: "bigint", updated_at: "bigint" },
    { primaryKey: ["persona", "name"] },
  ),
  table("operator_reports", { persona: "text primary key", body: "text", updated_at: "bigint" }),
  index("game_rounds_created", "game_rounds", ["created_at"]),
  index("security_events_open", "security_events", ["resolved", "severity"]),
);

/** Security's migrations by id. */
export const SECURITY_MIGRATIONS: MigrationList = {
  "0200_security": securityMigration,
};

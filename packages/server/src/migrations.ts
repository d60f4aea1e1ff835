/**
 * Every schema migration of the casino, composed above the domain: the core schema's (db/) and
 * each domain's own, in the order of their ids. Append a migration to its domain's list; never
 * edit or rename a released one (databases record them by id).
 */
import { CRASH_MIGRATIONS } from "./crash/tables.ts";
import { DB_MIGRATIONS } from "./db/migrations.ts";
import { composeMigrations, type MigrationList } from "./db/migrator.ts";
import { FLOOR_MIGRATIONS } from "./floor/migrations.ts";
import { GAMES_MIGRATIONS } from "./games/auto-settled.ts";
import { LEDGER_MIGRATIONS } from "./ledger/running-sums-tables.ts";
import { POKER_MIGRATIONS } from "./poker/migrations.ts";
import { RECOVERY_MIGRATIONS } from "./recovery/migration.ts";
import { RESPONSIBLE_MIGRATIONS } from "./responsible/migration.ts";
import { SECURITY_MIGRATIONS } from "./security/migrations.ts";
import { USERS_MIGRATIONS } from "./users/username-migration.ts";

/** The casino's migrations by id, in the order they run. */
export const CASINO_MIGRATIONS: MigrationList = composeMigrations(
  DB_MIGRATIONS,
  SECURITY_MIGRATIONS,
  LEDGER_MIGRATIONS,
  USERS_MIGRATIONS,
  GAMES_MIGRATIONS,
  POKER_MIGRATIONS,
  FLOOR_MIGRATIONS,
  RESPONSIBLE_MIGRATIONS,
  RECOVERY_MIGRATIONS,
  CRASH_MIGRATIONS,
);

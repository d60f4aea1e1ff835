/** The floor's migrations: standings, chat and the feed's privacy switch. */
import type { MigrationList } from "../db/migrator.ts";
import { chatMigration } from "./chat/migrations.ts";
import { floorPrivacyMigration } from "./feed/privacy.ts";
import { standingsMigration } from "./standings/migrations.ts";

/** The floor's migrations by id. */
export const FLOOR_MIGRATIONS: MigrationList = {
  "0530_standings": standingsMigration,
  "0560_floor_chat": chatMigration,
  "0580_floor_feed_privacy": floorPrivacyMigration,
};

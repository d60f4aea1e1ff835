/**
 * Whether a player hides from the public floor ("0580_floor_feed_privacy"): a hidden player's rows
 * show "Hidden" to everyone else, their own "My bets" still shows them. Also reads the players'
 * names and privacy for a batch of feed entries in one query. Composed in src/migrations.ts.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { schemaMigration, table } from "../../db/tables.ts";
import { readerByIds } from "./by-ids.ts";

/** One player's floor privacy (no row: visible). */
export interface FloorPrivacyTable {
  user_id: string;
  hidden: number; // 1 hidden, 0 visible
  updated_at: number;
}

/** The casino's database with the privacy table. */
type PrivacyDatabase = Database & { floor_privacy: FloorPrivacyTable };

/** The migration creating the privacy table on either dialect. */
export const floorPrivacyMigration = schemaMigration(
  table("floor_privacy", { user_id: "text primary key", hidden: "integer", updated_at: "bigint" }),
);

function withPrivacy(db: Kysely<Database>): Kysely<PrivacyDatabase> {
  return db as unknown as Kysely<PrivacyDatabase>;
}

/** Whether the player hides from the floor. */
export async function isHiddenFromFloor(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await withPrivacy(db)
    .selectFrom("floor_privacy")
    .select("hidden")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.hidden ?? 0) === 1;
}

/** Sets whether the player hides from the floor. */
export async function setHiddenFromFloor(
  db: Kysely<Database>,
  userId: string,
  hidden: boolean,
  now: number,
): Promise<void> {
  const value = hidden ? 1 : 0;
  await withPrivacy(db)
    .insertInto("floor_privacy")
    .values({ user_id: userId, hidden: value, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ hidden: value, updated_at: now }))
    .execute();
}

/** A player as the floor shows them. */
export interface FloorPlayer {
  username: string;
  hidden: boolean;
}

/** The names and privacy of some players, in one query. */
export const findFloorPlayers = readerByIds(
  (db, ids) =>
    withPrivacy(db)
      .selectFrom("users as u")
      .leftJoin("floor_privacy as p", "p.user_id", "u.id")
      .select(["u.id", "u.username", "p.hidden"])
      .where("u.id", "in", ids)
      .execute(),
  (row): FloorPlayer => ({ username: row.username, hidden: Number(row.hidden ?? 0) === 1 }),
);

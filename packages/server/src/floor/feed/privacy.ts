/**
 * Whether a player hides from the public floor ("0580_floor_feed_privacy"): a hidden player's rows
 * show "Hidden" to everyone else, their own "My bets" still shows them. Also reads the players'
 * names and privacy for a batch of feed entries in one query. Registered in db/migrations.ts.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";
import { bigintOf, createTableOf } from "../../db/tables.ts";

/** One player's floor privacy (no row: visible). */
export interface FloorPrivacyTable {
  user_id: string;
  hidden: number; // 1 hidden, 0 visible
  updated_at: number;
}

/** The casino's database with the privacy table. */
type PrivacyDatabase = Database & { floor_privacy: FloorPrivacyTable };

/** The migration creating the privacy table on either dialect. */
export function floorPrivacyMigration(dialect: Dialect): Migration {
  const time = bigintOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await createTableOf(db, "floor_privacy", {
        user_id: ["text", "primary"],
        hidden: "integer",
        updated_at: time,
      });
    },
  };
}

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
export async function findFloorPlayers(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, FloorPlayer>> {
  const found = new Map<string, FloorPlayer>();
  if (userIds.length === 0) return found;
  const rows = await withPrivacy(db)
    .selectFrom("users as u")
    .leftJoin("floor_privacy as p", "p.user_id", "u.id")
    .select(["u.id", "u.username", "p.hidden"])
    .where("u.id", "in", [...userIds])
    .execute();
  for (const row of rows)
    found.set(row.id, { username: row.username, hidden: Number(row.hidden ?? 0) === 1 });
  return found;
}

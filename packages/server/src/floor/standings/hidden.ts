/**
 * Who hides from the public floor: leaderboards show such a player as "Hidden". The per-player
 * setting belongs to the live feed (floor/feed/privacy.ts); the standings read the same setting.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { findFloorPlayers } from "../feed/privacy.ts";

/** Which of these players hide from the public floor. */
export type FindHiddenPlayers = (userIds: readonly string[]) => Promise<ReadonlySet<string>>;

/** The lookup of the feed's privacy setting, one query for a board's players. */
export function findHiddenOnFloor(db: Kysely<Database>): FindHiddenPlayers {
  return async (userIds) => {
    const players = await findFloorPlayers(db, userIds);
    return new Set([...players].filter(([, player]) => player.hidden).map(([id]) => id));
  };
}

/**
 * The names and privacy of the players the feed shows, kept in memory so a flush reads the database
 * only for players it has not seen: usernames never change, and every privacy change reaches every
 * process's feed as a bus batch, which updates the kept entry.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type FloorPlayer, findFloorPlayers } from "./privacy.ts";

/** Players kept by default (the least recently added are dropped first). */
const DEFAULT_SIZE = 20_000;

/** The kept players of one process. */
export interface FloorPlayerCache {
  /** The players among `userIds`, from memory, the unknown ones read in one query. */
  find(userIds: readonly string[]): Promise<Map<string, FloorPlayer>>;
  /** Applies a privacy change heard on the bus. */
  setHidden(userId: string, hidden: boolean): void;
}

/** Creates a cache over the players' table (`size` players at most). */
export function createFloorPlayerCache(db: Kysely<Database>, size = DEFAULT_SIZE): FloorPlayerCache {
  const kept = new Map<string, FloorPlayer>();
  let changes = 0; // privacy changes heard: a read that overlapped one is not kept
  return {
    async find(userIds) {
      const found = new Map<string, FloorPlayer>();
      const missing = new Set<string>();
      for (const userId of userIds) {
        const player = kept.get(userId);
        if (player) found.set(userId, player);
        else missing.add(userId);
      }
      if (missing.size === 0) return found;
      const changesBefore = changes;
      const read = await findFloorPlayers(db, [...missing]);
      for (const [userId, player] of read) {
        found.set(userId, player);
        if (changes !== changesBefore) continue;
        kept.set(userId, player);
        if (kept.size > size) kept.delete(kept.keys().next().value as string);
      }
      return found;
    },
    setHidden(userId, hidden) {
      changes++;
      const player = kept.get(userId);
      if (player) kept.set(userId, { ...player, hidden });
    },
  };
}

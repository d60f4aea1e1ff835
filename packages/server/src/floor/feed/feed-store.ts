/**
 * The last rows of each tab in this process's memory: every bet, the high rollers, and each
 * player's own (for the players seen most recently, so memory stays bounded however many play).
 */
import { FEED_TAB_SIZE } from "@casino/protocol";
import type { FeedEntry } from "./feed-entry.ts";

/** Players whose own rows are kept (the least recently active are dropped first). */
const MINE_PLAYERS = 10_000;

/** The tabs of one process. */
export interface FeedStore {
  /** Adds entries (oldest first). */
  add(entries: readonly FeedEntry[]): void;
  /** A tab's rows, newest first: `mine` needs the player's user id. */
  read(tab: "all" | "high" | "mine", userId?: string): FeedEntry[];
  /** Applies a player's new privacy to the rows kept. */
  setHidden(userId: string, hidden: boolean): void;
}

/** Appends to a newest-last list and trims it to the tab size. */
function push(list: FeedEntry[], entry: FeedEntry, size: number): void {
  list.push(entry);
  if (list.length > size * 2) list.splice(0, list.length - size);
}

/** The newest `size` rows of a newest-last list, newest first. */
function newestFirst(list: readonly FeedEntry[], size: number): FeedEntry[] {
  return list.slice(-size).reverse();
}

/** Creates the in-memory tabs (`size` rows each). */
export function createFeedStore(size = FEED_TAB_SIZE, players = MINE_PLAYERS): FeedStore {
  const all: FeedEntry[] = [];
  const high: FeedEntry[] = [];
  const mine = new Map<string, FeedEntry[]>();
  const seen = new Set<string>();
  return {
    add(entries) {
      for (const entry of entries) {
        if (seen.has(entry.id)) continue; // a batch heard twice (local and over Redis) counts once
        seen.add(entry.id);
        push(all, entry, size);
        if (entry.high) push(high, entry, size);
        const own = mine.get(entry.userId) ?? [];
        mine.delete(entry.userId); // re-inserted last: Map order is recency
        push(own, entry, size);
        mine.set(entry.userId, own);
        if (mine.size > players) mine.delete(mine.keys().next().value as string);
      }
      if (seen.size > size * 8) {
        seen.clear();
        for (const entry of all) seen.add(entry.id);
      }
    },
    read(tab, userId) {
      if (tab === "all") return newestFirst(all, size);
      if (tab === "high") return newestFirst(high, size);
      return userId ? newestFirst(mine.get(userId) ?? [], size) : [];
    },
    setHidden(userId, hidden) {
      for (const list of [all, high, mine.get(userId) ?? []])
        for (const entry of list) if (entry.userId === userId) entry.hidden = hidden;
    },
  };
}

/**
 * What one frame to the viewers carries, gathered from every batch heard since the last frame (this
 * process's and every other's): the newest FRAME_ROWS rows of All bets, the high rollers among the
 * rest (FRAME_HIGH_ROWS at most), and every row of each watched player for their own My bets. Past
 * a few dozen bets a second nobody reads every row while every row is sent to every viewer; REST and
 * the join snapshot still hold every row kept. Adding a row is O(1) amortized: the lists are cut
 * back to their newest rows whenever they grow to a few times what a frame carries.
 */
import { FEED_TAB_SIZE } from "@casino/protocol";
import type { FeedEntry } from "./feed-entry.ts";

/** Rows of All bets a frame carries at most (the newest). */
export const FRAME_ROWS = 16;

/** High-roller rows a frame carries at most beyond the newest rows. */
export const FRAME_HIGH_ROWS = 16;

/** One frame: the public rows and each watched player's own (both oldest first). */
export interface FeedFrame {
  rows: readonly FeedEntry[];
  own: ReadonlyMap<string, readonly FeedEntry[]>;
}

/** The rows gathered for the next frame. */
export interface FeedWindow {
  /** Adds a batch (oldest first). */
  add(entries: readonly FeedEntry[]): void;
  /** The frame of what was added since the last take, or undefined when nothing was; starts over. */
  take(): FeedFrame | undefined;
  /** Forgets what was added (nobody watches). */
  clear(): void;
}

/** How many rows a window keeps of a list before cutting it back to the newest `keep`. */
const SLACK = 4;

/** Oldest first by settlement time (a stable sort: a batch's own order is kept among equal times). */
const byTime = (a: FeedEntry, b: FeedEntry) => a.at - b.at;

/** The newest `keep` entries of a list, without repeats (a batch heard twice), oldest first. */
export function newestOf(list: readonly FeedEntry[], keep: number): FeedEntry[] {
  const seen = new Set<string>();
  const newest: FeedEntry[] = [];
  const sorted = [...list].sort(byTime);
  for (let i = sorted.length - 1; i >= 0 && newest.length < keep; i--) {
    const entry = sorted[i] as FeedEntry;
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    newest.push(entry);
  }
  return newest.reverse();
}

/** Creates a window; `watched` tells whether a player has a viewer here (their rows are kept whole). */
export function createFeedWindow(
  watched: (userId: string) => boolean,
  limits: { rows?: number; high?: number; own?: number } = {},
): FeedWindow {
  const rowsCap = limits.rows ?? FRAME_ROWS;
  const highCap = limits.high ?? FRAME_HIGH_ROWS;
  const ownCap = limits.own ?? FEED_TAB_SIZE;
  // High rows also keep as many as the newest rows: those among the newest do not count as extra.
  const highKeep = rowsCap + highCap;
  let latest: FeedEntry[] = [];
  let high: FeedEntry[] = [];
  let own = new Map<string, FeedEntry[]>();

  return {
    add(entries) {
      for (const entry of entries) {
        latest.push(entry);
        if (latest.length >= rowsCap * SLACK) latest = newestOf(latest, rowsCap);
        if (entry.high) {
          high.push(entry);
          if (high.length >= highKeep * SLACK) high = newestOf(high, highKeep);
        }
        if (!watched(entry.userId)) continue;
        const list = own.get(entry.userId) ?? [];
        if (list.length === 0) own.set(entry.userId, list);
        list.push(entry);
        if (list.length >= ownCap * SLACK) own.set(entry.userId, newestOf(list, ownCap));
      }
    },
    take() {
      if (latest.length === 0 && own.size === 0) return undefined;
      const newest = newestOf(latest, rowsCap);
      const shown = new Set(newest.map((entry) => entry.id));
      const extraHigh = newestOf(
        high.filter((entry) => !shown.has(entry.id)),
        highCap,
      );
      const rows = extraHigh.length === 0 ? newest : [...extraHigh, ...newest].sort(byTime);
      const mine = new Map<string, FeedEntry[]>();
      for (const [userId, list] of own) mine.set(userId, newestOf(list, ownCap));
      latest = [];
      high = [];
      own = new Map();
      return { rows, own: mine };
    },
    clear() {
      latest = [];
      high = [];
      own = new Map();
    },
  };
}

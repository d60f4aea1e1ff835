/**
 * The feed's tabs as the client holds them: the snapshot on join, then each FEED_ROWS message
 * merged in, newest first, at most FEED_TAB_SIZE rows a tab (a row seen twice counts once).
 */
import type { FeedRow, FeedRowsMessage, FeedSnapshot } from "@casino/protocol/schemas/live-feed";
import { FEED_TAB_SIZE, type FeedTab } from "@casino/protocol/wire/live-feed";

/** Every tab's rows (newest first) and the players online. */
export interface FeedTabs {
  all: FeedRow[];
  high: FeedRow[];
  mine: FeedRow[];
  online: number;
}

/** Tabs before anything arrived. */
export const EMPTY_FEED: FeedTabs = { all: [], high: [], mine: [], online: 0 };

/** Puts newest-last `rows` on top of a newest-first list, without repeats, trimmed to the tab size. */
export function prependRows(list: readonly FeedRow[], rows: readonly FeedRow[]): FeedRow[] {
  const fresh = [...rows].reverse();
  const ids = new Set(fresh.map((row) => row.id));
  return [...fresh, ...list.filter((row) => !ids.has(row.id))].slice(0, FEED_TAB_SIZE);
}

/** The tabs of a snapshot. */
export function tabsOfSnapshot(snapshot: FeedSnapshot): FeedTabs {
  return { all: snapshot.all, high: snapshot.high, mine: snapshot.mine, online: snapshot.online };
}

/** Merges one FEED_ROWS message: "all" rows also feed High rollers when marked high. */
export function mergeRows(tabs: FeedTabs, message: FeedRowsMessage): FeedTabs {
  const rows = message.rows.map(({ high: _high, ...row }) => row);
  if (message.tab === "mine") return { ...tabs, mine: prependRows(tabs.mine, rows) };
  const high = message.rows.filter((row) => row.high).map(({ high: _high, ...row }) => row);
  return {
    ...tabs,
    all: prependRows(tabs.all, rows),
    high: high.length > 0 ? prependRows(tabs.high, high) : tabs.high,
  };
}

/** Replaces one tab with what REST answered (the fallback without the room). */
export function withTab(tabs: FeedTabs, tab: FeedTab, rows: FeedRow[], online: number): FeedTabs {
  return { ...tabs, [tab]: rows, online };
}

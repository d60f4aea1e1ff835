/**
 * The live bets feed's room, tabs and messages and the packing of its live rows, without a schema
 * (schemas/live-feed.ts checks them): the header's online count and the feed connect before any zod
 * is loaded.
 */
import type { FeedPackedRow, FeedRow, FeedRowsMessage, FeedRowsWire } from "../schemas/live-feed.ts";

/** Name the live feed room is registered under. */
export const LIVE_FEED_ROOM = "live_feed";

/** The feed's tabs: every bet, the high rollers, the player's own. */
export const FEED_TABS = ["all", "high", "mine"] as const;
export type FeedTab = (typeof FEED_TABS)[number];

/** Rows a tab keeps and answers. */
export const FEED_TAB_SIZE = 50;

/** Room message: the tabs as they are on join (`mine` empty for a visitor). */
export const FEED_SNAPSHOT = "feed:snapshot";
/** Room message: new rows since the last flush, one message per flush (`mine` only to their owner). */
export const FEED_ROWS = "feed:rows";
/** Room message: the cluster's players online. */
export const FEED_ONLINE = "feed:online";

/** Packs a live row for FEED_ROWS. */
export function packFeedRow(row: FeedRow, high: boolean): FeedPackedRow {
  const packed: FeedPackedRow = [
    row.id,
    row.player,
    row.game,
    row.currency,
    row.stake,
    row.payout,
    row.multiplier,
    row.at,
    high ? 1 : 0,
  ];
  if (row.handId !== undefined) packed.push(row.handId);
  return packed;
}

/** Unpacks a FEED_ROWS payload into the rows the tabs merge. */
export function unpackFeedRows(wire: FeedRowsWire): FeedRowsMessage {
  return {
    tab: wire.tab,
    rows: wire.rows.map(([id, player, game, currency, stake, payout, multiplier, at, high, handId]) => ({
      id,
      player,
      game,
      currency,
      stake,
      payout,
      multiplier,
      at,
      seedRevealed: false,
      high: high === 1,
      ...(handId === undefined ? {} : { handId }),
    })),
  };
}

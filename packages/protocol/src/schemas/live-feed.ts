/**
 * The live bets feed and "players online" (GET /api/bets/recent, the `live_feed` room): one row per
 * settled round or poker pot won, the tabs, the privacy setting and the room's messages. Amounts on
 * the wire are numbers in coins; times are epoch milliseconds; the verify fields appear only once
 * the round's server seed is revealed (rotated out).
 */
import { z } from "zod";
import { GAME_TYPES } from "../games/game-types.ts";
import { CURRENCIES } from "../money/money.ts";
import { FEED_TABS } from "../wire/live-feed.ts";

/** The room's name, tabs and messages and the row packing, without a schema (wire/live-feed.ts). */
export * from "../wire/live-feed.ts";

/** GET /api/bets/recent query: the tab (default all), unknown keys refused. */
export const feedQuerySchema = z.strictObject({ tab: z.enum(FEED_TABS).default("all") });
export type FeedQuery = z.output<typeof feedQuerySchema>;

/** PUT /api/bets/privacy body: whether the player hides from the public feed. */
export const feedPrivacyBodySchema = z.strictObject({ hidden: z.boolean() });
export type FeedPrivacyBody = z.output<typeof feedPrivacyBodySchema>;

/** What re-verifies a round on the /verify page, present only once its seed is revealed. */
export const feedVerifySchema = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int().nonnegative(),
  /** The player's choices of the round (stake in micro-units, bet type, risk, actions...). */
  input: z.unknown(),
});
export type FeedVerify = z.output<typeof feedVerifySchema>;

/** One settled round (or poker pot) as every viewer sees it. */
export const feedRowSchema = z.object({
  id: z.string(),
  /** The `cosmic_...` username, or "Hidden" for a player who hides (never the wallet). */
  player: z.string(),
  game: z.enum(GAME_TYPES),
  currency: z.enum(CURRENCIES),
  stake: z.number().nonnegative(),
  payout: z.number().nonnegative(),
  /** payout / stake, floored to 2 decimals (0 on a loss; a poker pot shows 0 stake). */
  multiplier: z.number().nonnegative(),
  at: z.number().int(),
  /** Whether the round's seed was revealed when the row was read. */
  seedRevealed: z.boolean(),
  verify: feedVerifySchema.optional(),
  /** A poker pot's hand, checked on /verify by hand id. */
  handId: z.number().int().optional(),
});
export type FeedRow = z.output<typeof feedRowSchema>;

/** GET /api/bets/recent answer. */
export const feedAnswerSchema = z.object({
  tab: z.enum(FEED_TABS),
  rows: z.array(feedRowSchema),
  online: z.number().int().nonnegative(),
});
export type FeedAnswer = z.output<typeof feedAnswerSchema>;

/** GET/PUT /api/bets/privacy answer. */
export const feedPrivacyAnswerSchema = z.object({ hidden: z.boolean() });

/** The payload of FEED_SNAPSHOT. */
export const feedSnapshotSchema = z.object({
  all: z.array(feedRowSchema),
  high: z.array(feedRowSchema),
  mine: z.array(feedRowSchema),
  online: z.number().int().nonnegative(),
});
export type FeedSnapshot = z.output<typeof feedSnapshotSchema>;

/** FEED_ROWS as the client uses it: rows newest last; `high` marks the rows that also go to High rollers. */
export const feedRowsSchema = z.object({
  tab: z.enum(["all", "mine"]),
  rows: z.array(feedRowSchema.extend({ high: z.boolean() })),
});
export type FeedRowsMessage = z.output<typeof feedRowsSchema>;

/**
 * One FEED_ROWS row on the wire, a tuple without keys: the message goes to every viewer on every
 * flush, so its size is paid once per viewer. A live row never carries verify fields (REST and the
 * join snapshot do, once the seed is revealed).
 */
export const feedPackedRowSchema = z.tuple([
  z.string(), // id
  z.string(), // player
  z.enum(GAME_TYPES),
  z.enum(CURRENCIES),
  z.number().nonnegative(), // stake
  z.number().nonnegative(), // payout
  z.number().nonnegative(), // multiplier
  z.number().int(), // at
  z.union([z.literal(0), z.literal(1)]), // high
  z.number().int().optional(), // handId of a poker pot
]);
export type FeedPackedRow = z.output<typeof feedPackedRowSchema>;

/** The payload of FEED_ROWS as sent: packed rows, newest last. */
export const feedRowsWireSchema = z.object({
  tab: z.enum(["all", "mine"]),
  rows: z.array(feedPackedRowSchema),
});
export type FeedRowsWire = z.output<typeof feedRowsWireSchema>;

/** The payload of FEED_ONLINE. */
export const feedOnlineSchema = z.object({ online: z.number().int().nonnegative() });

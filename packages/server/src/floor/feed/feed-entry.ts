/**
 * What the feed carries between processes and keeps in memory: one entry per settled round or
 * poker pot won, with the owner's user id (never sent to viewers) and whether they hide. Pure
 * functions turn settled rounds and poker events into pending entries and entries into wire rows.
 */
import {
  type Currency,
  type FeedRow,
  type FeedVerify,
  type GameType,
  HIDDEN_PLAYER_NAME,
  type TableEvent,
  unitsToCoins,
} from "@casino/protocol";
import type { RoundRecord } from "../../rounds/types.ts";

/** A settled round or poker pot: what every entry has before its player's name is looked up. */
export interface PendingEntry {
  id: string;
  userId: string;
  game: GameType;
  currency: Currency;
  stake: number; // micro-units
  payout: number; // micro-units
  at: number; // settlement time, epoch ms
  roundId?: string; // a game round (verifiable once its seed is revealed)
  handId?: number; // a poker hand
}

/**
 * An entry with its player's name and privacy, as published to every process. The betting path
 * hands one over with an empty name (`UNNAMED`); the flush names it in place, so a round costs one
 * object from the betting path to every viewer.
 */
export interface FeedEntry extends PendingEntry {
  player: string;
  hidden: boolean;
  high: boolean;
}

/** The name of an entry the flush has not named yet. */
const UNNAMED = "";

/** An entry of `pending` fields, not named yet (every entry has the same fields in the same order). */
function unnamed(pending: PendingEntry): FeedEntry {
  return { ...pending, player: UNNAMED, hidden: false, high: false };
}

/** Stake or payout at or above which a row also goes to High rollers, per currency (micro-units). */
export type HighRollerThresholds = Record<Currency, number>;

/** The unnamed entry of a settled round, or undefined for a round still open. */
export function pendingEntryOfRound(round: RoundRecord): FeedEntry | undefined {
  if (round.status !== "settled") return undefined;
  return {
    id: round.id,
    userId: round.userId,
    game: round.gameType as GameType,
    currency: round.currency,
    stake: round.betAmount,
    payout: round.winAmount,
    at: round.settledAt ?? round.updatedAt,
    roundId: round.id,
    player: UNNAMED,
    hidden: false,
    high: false,
  };
}

/** What a poker table tells about the hand that just ended (the winners' seats to players). */
export interface PotContext {
  currency: Currency;
  unitsPerChip: number;
  handId: number | undefined;
  at: number;
  /** The seat's human player (undefined for a bot or an empty seat). */
  userOfSeat(seat: number): string | undefined;
  /** Chips the seat put in over the hand. */
  committedOf(seat: number): number;
}

/** One entry per human winner of the ended hand's pots (side pots summed), from a step's events. */
export function pendingEntriesOfPots(events: readonly TableEvent[], table: PotContext): FeedEntry[] {
  const won = new Map<number, number>();
  let handNumber: number | undefined;
  for (const event of events) {
    if (event.type === "pot_awarded")
      for (const share of event.winners) won.set(share.seat, (won.get(share.seat) ?? 0) + share.amount);
    if (event.type === "hand_ended") handNumber = event.handNumber;
  }
  if (handNumber === undefined) return [];
  const entries: FeedEntry[] = [];
  for (const [seat, chips] of won) {
    const userId = table.userOfSeat(seat);
    if (!userId || chips <= 0) continue;
    entries.push(
      unnamed({
        id: `poker:${table.handId ?? handNumber}:${seat}`,
        userId,
        game: "poker",
        currency: table.currency,
        stake: table.committedOf(seat) * table.unitsPerChip,
        payout: chips * table.unitsPerChip,
        at: table.at,
        ...(table.handId === undefined ? {} : { handId: table.handId }),
      }),
    );
  }
  return entries;
}

/** Whether an entry's stake or payout reaches its currency's high-roller threshold. */
export function isHighRoller(entry: PendingEntry, thresholds: HighRollerThresholds): boolean {
  const threshold = thresholds[entry.currency];
  return entry.stake >= threshold || entry.payout >= threshold;
}

/** payout / stake floored to 2 decimals (0 without a stake). */
export function multiplierOf(stake: number, payout: number): number {
  return stake > 0 ? Math.floor((payout / stake) * 100) / 100 : 0;
}

/** The wire row of an entry; `self` shows the owner's own name even when they hide. */
export function toFeedRow(entry: FeedEntry, verify?: FeedVerify, self = false): FeedRow {
  return {
    id: entry.id,
    player: entry.hidden && !self ? HIDDEN_PLAYER_NAME : entry.player,
    game: entry.game,
    currency: entry.currency,
    stake: unitsToCoins(entry.stake),
    payout: unitsToCoins(entry.payout),
    multiplier: multiplierOf(entry.stake, entry.payout),
    at: entry.at,
    seedRevealed: verify !== undefined,
    ...(verify ? { verify } : {}),
    ...(entry.handId === undefined ? {} : { handId: entry.handId }),
  };
}

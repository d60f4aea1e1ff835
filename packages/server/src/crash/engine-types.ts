/**
 * What the Supernova engine's parts share: its phases' durations, the frames it sends, the answers
 * of a bet or a cash-out, a player's play in memory and the options an engine is built from.
 */
import type { Currency, Failure } from "@casino/protocol";
import type {
  CrashEndFrame,
  CrashEventsFrame,
  CrashOwnPlayFrame,
  CrashPlay,
  CrashRoundFrame,
} from "@casino/protocol/games/crash/schemas";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import type { Balances } from "../ledger/ledger.ts";
import type { RoundRecord } from "../rounds/types.ts";
import type { PublicChain } from "./chain-store.ts";

/** How long bets are taken before a flight. */
export const CRASH_BETTING_MS = 5_000;
/** The pause between a crash and the next betting phase. */
export const CRASH_PAUSE_MS = 3_000;
/** At most one events frame per this many milliseconds (when the players list changed). */
export const CRASH_EVENTS_FRAME_MS = 100;
/**
 * When only the totals moved (plays off the list), at most one events frame per this many
 * milliseconds: every frame is one socket write per watcher.
 */
export const CRASH_TOTALS_FRAME_MS = 1_000;

/** A frame for the room to send to every client, or (`play`) to the clients of one user alone. */
export type CrashFrame =
  | { type: "round"; body: CrashRoundFrame }
  | { type: "flight"; body: { number: number; startedAt: number; serverTime: number } }
  | { type: "events"; body: CrashEventsFrame }
  | { type: "crash"; body: CrashEndFrame }
  | { type: "play"; userId: string; body: CrashOwnPlayFrame };

/** What a bet or a cash-out answers: the play and the balances after it, or the refusal. */
export type CrashReply = { ok: true; play: CrashPlay; balances: Balances; round: RoundRecord } | Failure;

/** One player's bet in the flight, in memory. */
export interface Play extends CrashPlay {
  userId: string;
  status: "placing" | "playing" | "cashing" | "done";
}

/** A play as everyone sees it. */
export function publicPlay(play: Play): CrashPlay {
  return {
    betId: play.betId,
    username: play.username,
    stake: play.stake,
    autoCashOut: play.autoCashOut,
    cashedOutAt: play.cashedOutAt,
    payout: play.payout,
  };
}

/** What an engine is built from. */
export interface CrashEngineOptions {
  handle: DatabaseHandle;
  currency: Currency;
  chain: PublicChain;
  now: () => number;
  /** The per-round cap on players' net win (defaults to the declared one). */
  profitCap?: number;
  bettingMs?: number;
  pauseMs?: number;
  /** Told of each settled bet (metrics, the live feed). */
  observe?: (round: RoundRecord) => void;
  /** The name shown for a player in the players list. */
  usernameOf?: (userId: string, trx?: Kysely<Database>) => Promise<string>;
  /** The lease epoch this engine hosts under (lease.ts): its round writes are fenced by it. */
  epoch?: number;
  /** Whether new bets are paused (maintenance). */
  isPaused?: (trx?: Kysely<Database>) => Promise<boolean>;
  log?: (message: string, error: unknown) => void;
}

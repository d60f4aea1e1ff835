/**
 * Seat rules between betting: who is idle long enough to be removed, how many bots a House table
 * wants, sitting out, and taking chips off a stack between hands. Pure steps with time passed in.
 */
import { tableError } from "../engine/errors.ts";
import type { TableResult, TableState } from "../engine/types.ts";
import type { SeatMeta } from "./seat-meta.ts";

/** How long a player may sit out before the table removes them. */
export interface SitOutLimits {
  /** Hands a player may sit out (more are too many). */
  sitOutHandLimit: number;
  /** Time a player may sit out (ms). */
  sitOutMaxMs: number;
}

/** Seats of humans who sat out too many hands or too long (their stacks are to be paid out). */
export function findIdleSeats(
  state: TableState,
  meta: readonly (SeatMeta | null)[],
  now: number,
  limits: SitOutLimits,
): number[] {
  const idle: number[] = [];
  for (const [seat, m] of meta.entries()) {
    if (!m || m.isBot || !state.seats[seat]?.sittingOut) continue;
    const tooLong = m.sitOutSince !== null && now - m.sitOutSince >= limits.sitOutMaxMs;
    if (m.sitOutHands > limits.sitOutHandLimit || tooLong) idle.push(seat);
  }
  return idle;
}

/**
 * Bots a House table wants: none without humans; else enough to reach the target (at least one),
 * always leaving one seat free for the next human.
 */
export function countBotsWanted(humans: number, maxPlayers: number, targetPlayers: number): number {
  if (humans === 0) return 0;
  return Math.max(0, Math.min(Math.max(targetPlayers - humans, 1), maxPlayers - humans - 1));
}

/** A seat's facts after it sits out (the clock starts once) or comes back (the count restarts). */
export function markSittingOut(meta: SeatMeta, sittingOut: boolean, now: number): SeatMeta {
  return {
    ...meta,
    sitOutSince: sittingOut ? (meta.sitOutSince ?? now) : null,
    sitOutHands: sittingOut ? meta.sitOutHands : 0,
  };
}

/** Removes chips from a stack while its player is not in a hand; the whole stack is a leave instead. */
export function removeChips(state: TableState, seat: number, amount: number): TableResult {
  const player = state.seats[seat];
  if (!player) return tableError("poker/seat_empty");
  if (!Number.isSafeInteger(amount) || amount <= 0) return tableError("poker/invalid_amount");
  if (amount >= player.stack) return tableError("poker/above_stack");
  const hand = state.hand;
  if (hand && !hand.ended && hand.players.some((p) => p.seat === seat))
    return tableError("poker/hand_in_progress");
  // A new state sharing everything but the changed seat, as the engine's reducer does.
  const stack = player.stack - amount;
  const seats = state.seats.map((p, i) => (i === seat && p ? { ...p, stack } : p));
  return {
    state: { ...state, seats, version: state.version + 1 },
    events: [{ type: "chips_added", seat, amount: -amount, stack }],
  };
}

/** Refuses an action taken on an older table than this one (the client's `version` is behind). */
export function refuseStaleAction(state: TableState, version: number): ReturnType<typeof tableError> | null {
  return version === state.version ? null : tableError("poker/stale_action");
}

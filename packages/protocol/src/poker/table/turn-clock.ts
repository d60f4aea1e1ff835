/**
 * The clock of a turn: each turn has the action time, then the player's time bank, then an
 * automatic check or fold that also sits the player out. Pure steps with the time passed in.
 */
import { applyTableAction } from "../engine/reducer.ts";
import type { TableError, TableEvent, TableState } from "../engine/types.ts";
import type { SeatMeta } from "./seat-meta.ts";

/** The seat to act and its clock. */
export interface Turn {
  /** Hand number and turn count: a new turn is told apart from a repeat of the same seat. */
  key: string;
  seat: number;
  deadline: number;
  usingTimeBank: boolean;
  bankStartedAt: number;
}

/** A new turn with the table's action time. */
export function startTurn(key: string, seat: number, now: number, actionTimeoutMs: number): Turn {
  return { key, seat, deadline: now + actionTimeoutMs, usingTimeBank: false, bankStartedAt: 0 };
}

/** What the end of a turn's time leads to: the time bank starts, or the player times out. */
export type TurnExpiry = { kind: "time_bank"; turn: Turn } | { kind: "time_out" };

/** The turn's time ran out: a human with time bank left starts using it, everyone else times out. */
export function expireTurn(turn: Turn, meta: SeatMeta | null, now: number): TurnExpiry {
  if (!turn.usingTimeBank && meta && !meta.isBot && meta.timeBank > 0)
    return {
      kind: "time_bank",
      turn: { ...turn, usingTimeBank: true, bankStartedAt: now, deadline: now + meta.timeBank },
    };
  return { kind: "time_out" };
}

/** The time bank left after the seat acted at `now` (a turn on the time bank spends it). */
export function chargeTimeBank(timeBank: number, turn: Turn | null, seat: number, now: number): number {
  if (turn?.seat !== seat || !turn.usingTimeBank) return timeBank;
  return Math.max(0, timeBank - (now - turn.bankStartedAt));
}

/** The time bank after a hand played: refilled by `refillMs`, up to `capMs`. */
export function refillTimeBank(timeBank: number, refillMs: number, capMs: number): number {
  return Math.min(capMs, timeBank + refillMs);
}

/** A timed-out seat checks or folds; a fold also sits the player out. `satOut` says if it did. */
export function applyTimeout(
  state: TableState,
  seat: number,
  now: number,
): { error: TableError } | { state: TableState; events: TableEvent[]; satOut: boolean } {
  const deadline = state.hand?.actionDeadline ?? 0;
  const result = applyTableAction(state, { type: "timeout", seat, now: Math.max(now, deadline) });
  if ("error" in result) return result;
  const events = [...result.events];
  const folded = events.some((e) => e.type === "action_taken" && e.seat === seat && e.action === "fold");
  const player = result.state.seats[seat];
  if (!folded || !player || player.sittingOut) return { state: result.state, events, satOut: false };
  const out = applyTableAction(result.state, { type: "sit_out", seat, sittingOut: true, now });
  if ("error" in out) return { state: result.state, events, satOut: false };
  return { state: out.state, events: [...events, ...out.events], satOut: true };
}

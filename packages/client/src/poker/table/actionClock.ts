/**
 * The action timer's arithmetic: how much of the turn is left, from the server's deadline (epoch
 * ms) and the time the turn was first seen, so the bar runs down from full for every turn.
 */

/** One turn as the timer tracks it: whose, until when, and how long it was when first seen. */
export type TurnClock = { key: string; deadline: number; totalMs: number };

/** Starts or keeps the clock of a turn; a new deadline or seat starts a new full bar. */
export function trackTurn(
  previous: TurnClock | null,
  seat: number,
  deadline: number,
  now: number,
): TurnClock | null {
  if (seat < 0 || deadline <= 0) return null;
  const key = `${seat}:${deadline}`;
  if (previous?.key === key) return previous;
  return { key, deadline, totalMs: Math.max(1, deadline - now) };
}

/** Time left and the bar's fill (1 full .. 0 empty). */
export function readClock(clock: TurnClock, now: number): { leftMs: number; fraction: number } {
  const leftMs = Math.max(0, clock.deadline - now);
  return { leftMs, fraction: Math.min(1, leftMs / clock.totalMs) };
}

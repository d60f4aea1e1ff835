/**
 * The flight: the multiplier as a published function of the milliseconds since the round's start
 * on the server's clock, m(t) = floor(100 * e^(0.00006 t)) / 100 (bustabit's growth). The server
 * decides every cash-out from it at arrival; clients draw the same curve from the start time.
 */

/** Growth rate per millisecond. */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** The multiplier at `ms` after the start, in hundredths (100 = 1.00x). */
export function multiplierAt(ms: number): number {
  if (!(ms > 0)) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * ms));
}

/** The first whole millisecond at which the multiplier reaches `hundredths` (the inverse of multiplierAt). */
export function timeToReach(hundredths: number): number {
  if (hundredths <= 100) return 0;
  let t = Math.max(0, Math.floor(Math.log(hundredths / 100) / CRASH_GROWTH_PER_MS) - 2);
  while (multiplierAt(t) < hundredths) t++;
  return t;
}

/**
 * When the flight ends: the multiplier shows the crash point, and the round crashes as it would
 * pass it (at once for a 1.00x crash). A cash-out that arrives earlier is paid.
 */
export function crashTimeOf(crashPoint: number): number {
  return crashPoint <= 100 ? 0 : timeToReach(crashPoint + 1);
}

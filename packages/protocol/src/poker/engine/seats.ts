/** Clockwise seat arithmetic shared by the position, betting and showdown rules. */

/** Seats after `from` going clockwise, `from` itself last. */
export function seatsAfter(from: number, seatCount: number): number[] {
  return Array.from({ length: seatCount }, (_, i) => (from + 1 + i) % seatCount);
}

/** Seats before `from` going counter-clockwise, `from` itself last. */
export function seatsBefore(from: number, seatCount: number): number[] {
  return Array.from({ length: seatCount }, (_, i) => (from - 1 - i + 2 * seatCount) % seatCount);
}

/** The first seat after `from` (clockwise, `from` itself last) that passes the test, or null. */
export function nextSeatWhere(
  from: number,
  seatCount: number,
  test: (seat: number) => boolean,
): number | null {
  return seatsAfter(from, seatCount).find(test) ?? null;
}

/** How far `seat` lies clockwise after `from` (1..seatCount; `from` itself is seatCount). */
export function distanceAfter(from: number, seat: number, seatCount: number): number {
  return ((seat - from - 1 + seatCount) % seatCount) + 1;
}

/** Whether `seat` lies strictly between `from` and `to` going clockwise. */
export function isStrictlyBetween(from: number, to: number, seat: number, seatCount: number): boolean {
  return distanceAfter(from, seat, seatCount) < distanceAfter(from, to, seatCount);
}

/**
 * Where each seat sits around the oval table, in percent of the felt: seat numbers run clockwise,
 * and the viewer's own seat is turned to the bottom centre so every player sees the table from
 * their chair, as real poker clients do.
 */

/** One seat's place on the felt: centre point in percent of width and height. */
export type SeatPlace = { seat: number; left: number; top: number };

/** Horizontal and vertical radius of the ring, in percent of the felt. */
const RADIUS_X = 44;
const RADIUS_Y = 41;

/** The places of every seat of a `maxPlayers` table, with `anchorSeat` (or seat 0) at the bottom. */
export function placeSeats(maxPlayers: number, anchorSeat: number | null): SeatPlace[] {
  const count = Math.max(2, Math.floor(maxPlayers));
  const anchor = anchorSeat !== null && anchorSeat >= 0 && anchorSeat < count ? anchorSeat : 0;
  return Array.from({ length: count }, (_, seat) => {
    const step = (seat - anchor + count) % count;
    const angle = Math.PI / 2 + (step * 2 * Math.PI) / count;
    return {
      seat,
      left: round(50 + RADIUS_X * Math.cos(angle)),
      top: round(50 + RADIUS_Y * Math.sin(angle)),
    };
  });
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * A plinko ball's flight along the path the server decided: it drops onto the top peg, then bounces
 * from peg to peg under gravity (each hop a ballistic arc that starts with an upward rebound and
 * ends on the next peg half a spacing left or right), and finally falls into the server's slot.
 * The whole flight is time-scaled to a fixed length, which is the same motion under another gravity.
 */
import { createSeededRandom } from "@casino/protocol";
import { BOARD, CENTER_X, pegMetBy, SLOT_REST_Y, slotCenterX } from "./plinkoBoard.ts";

/** How long a drop takes: at least the server's 3.5 s in-flight window, so the client never counts fewer balls. */
export const BALL_FLIGHT_MS = 3600;

/** One ballistic hop: start point, horizontal and initial vertical speed, gravity, length. */
type Hop = {
  x0: number;
  y0: number;
  vx: number;
  vy0: number;
  gravity: number;
  start: number;
  duration: number;
};

/** A planned flight: its hops and its length in ms. */
export type BallFlight = { hops: Hop[]; duration: number; slot: number };

/** Where the ball's centre touches a peg (resting on top of it, nudged by `wobble` pixels). */
function contactPoint(peg: { x: number; y: number }, wobble: number): { x: number; y: number } {
  return { x: peg.x + wobble, y: peg.y - (BOARD.pegRadius + BOARD.ballRadius) };
}

/** Time to fall `dy` starting at vertical speed `vy0` under `gravity` (positive root). */
function fallTime(dy: number, vy0: number, gravity: number): number {
  return (-vy0 + Math.sqrt(vy0 * vy0 + 2 * gravity * dy)) / gravity;
}

/**
 * Plans a flight along `directions` (per row, 0 = left, 1 = right) ending in `slot`; `seed` varies
 * the rebounds. Gravity 1 px/unit² is used for planning; times are then scaled to `durationMs`.
 */
export function planBallFlight(
  directions: readonly number[],
  slot: number,
  seed: number,
  durationMs = BALL_FLIGHT_MS,
): BallFlight {
  const random = createSeededRandom(seed);
  const gravity = 1;
  const points: { x: number; y: number }[] = [{ x: CENTER_X + (random() - 0.5) * 2, y: BOARD.dropY }];
  let rights = 0;
  for (let row = 0; row < directions.length; row++) {
    points.push(contactPoint(pegMetBy(row, rights), (random() - 0.5) * 3));
    rights += directions[row] === 1 ? 1 : 0;
  }
  points.push({ x: slotCenterX(slot), y: SLOT_REST_Y });

  const hops: Hop[] = [];
  let vyIn = 0;
  let clock = 0;
  for (let i = 1; i < points.length; i++) {
    const from = points[i - 1]!;
    const to = points[i]!;
    const vy0 = i === 1 ? 0 : -(0.38 + random() * 0.14) * vyIn;
    const duration = fallTime(to.y - from.y, vy0, gravity);
    hops.push({
      x0: from.x,
      y0: from.y,
      vx: (to.x - from.x) / duration,
      vy0,
      gravity,
      start: clock,
      duration,
    });
    vyIn = vy0 + gravity * duration;
    clock += duration;
  }
  const scale = durationMs / clock;
  return {
    slot,
    duration: durationMs,
    hops: hops.map((hop) => ({
      ...hop,
      start: hop.start * scale,
      duration: hop.duration * scale,
      vx: hop.vx / scale,
      vy0: hop.vy0 / scale,
      gravity: hop.gravity / (scale * scale),
    })),
  };
}

/** The ball's centre `elapsedMs` after its drop (it rests in its slot once the flight is over). */
export function ballPositionAt(flight: BallFlight, elapsedMs: number): { x: number; y: number } {
  const t = Math.min(Math.max(elapsedMs, 0), flight.duration);
  let hop = flight.hops[0]!;
  for (const candidate of flight.hops) {
    if (candidate.start <= t) hop = candidate;
    else break;
  }
  const dt = Math.min(t - hop.start, hop.duration);
  return { x: hop.x0 + hop.vx * dt, y: hop.y0 + hop.vy0 * dt + 0.5 * hop.gravity * dt * dt };
}

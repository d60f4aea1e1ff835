import { PLINKO_ROWS } from "@casino/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BALL_FLIGHT_MS, ballPositionAt, planBallFlight } from "./ballFlight.ts";
import { BOARD, listPegs, pegMetBy, SLOT_REST_Y, slotCenterX } from "./plinkoBoard.ts";

const pathArbitrary = fc.array(fc.integer({ min: 0, max: 1 }), {
  minLength: PLINKO_ROWS,
  maxLength: PLINKO_ROWS,
});
const slotOf = (path: number[]) => path.reduce((sum, step) => sum + step, 0);
const touching = BOARD.pegRadius + BOARD.ballRadius;

describe("a ball's flight follows the server's path", () => {
  it("invariant: it ends at rest in the server's slot after exactly the flight time", () => {
    fc.assert(
      fc.property(pathArbitrary, fc.integer(), (path, seed) => {
        const flight = planBallFlight(path, slotOf(path), seed);
        expect(flight.duration).toBe(BALL_FLIGHT_MS);
        const end = ballPositionAt(flight, BALL_FLIGHT_MS + 500);
        expect(end.x).toBeCloseTo(slotCenterX(slotOf(path)), 6);
        expect(end.y).toBeCloseTo(SLOT_REST_Y, 6);
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it("invariant: it touches, in each row, the peg its path leads to", () => {
    fc.assert(
      fc.property(pathArbitrary, fc.integer(), (path, seed) => {
        const flight = planBallFlight(path, slotOf(path), seed);
        let rights = 0;
        for (let row = 0; row < PLINKO_ROWS; row++) {
          const hop = flight.hops[row + 1]!;
          const at = ballPositionAt(flight, hop.start);
          const peg = pegMetBy(row, rights);
          expect(Math.abs(at.x - peg.x)).toBeLessThanOrEqual(1.5 + 1e-9);
          expect(at.y).toBeCloseTo(peg.y - touching, 6);
          rights += path[row]!;
        }
      }),
      { seed: 11, numRuns: 200 },
    );
  });

  it("invariant: it never passes through a peg and never jumps between frames", () => {
    const pegs = listPegs();
    fc.assert(
      fc.property(pathArbitrary, fc.integer(), (path, seed) => {
        const flight = planBallFlight(path, slotOf(path), seed);
        let last = ballPositionAt(flight, 0);
        for (let t = 0; t <= BALL_FLIGHT_MS; t += 8) {
          const at = ballPositionAt(flight, t);
          for (const peg of pegs) {
            expect(Math.hypot(at.x - peg.x, at.y - peg.y)).toBeGreaterThan(touching - 1.6);
          }
          expect(Math.hypot(at.x - last.x, at.y - last.y)).toBeLessThan(12);
          last = at;
        }
      }),
      { seed: 13, numRuns: 40 },
    );
  });

  it("rebounds upward off each peg (gravity pulls it back down)", () => {
    const flight = planBallFlight(Array(PLINKO_ROWS).fill(1), PLINKO_ROWS, 3);
    for (const hop of flight.hops.slice(2)) expect(hop.vy0).toBeLessThan(0);
    expect(flight.hops[0]!.vy0).toBe(0);
  });

  it("the same seed gives the same flight, another seed a slightly different one", () => {
    const path = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1];
    const a = ballPositionAt(planBallFlight(path, 7, 1), 1000);
    expect(ballPositionAt(planBallFlight(path, 7, 1), 1000)).toEqual(a);
    expect(ballPositionAt(planBallFlight(path, 7, 2), 1000)).not.toEqual(a);
  });
});

import { describe, expect, it } from "vitest";
import { curvePoints, headingAt, sceneRange } from "./crashCurve.ts";

describe("the crash scene's geometry", () => {
  it("starts bottom left and stays inside the box at any size", () => {
    for (const [w, h] of [
      [1280, 420],
      [358, 220],
    ] as const) {
      for (const ms of [0, 5_000, 60_000]) {
        const points = curvePoints(ms, w, h);
        expect(points[0]).toEqual({ x: 24, y: h - 24 });
        for (const p of points) {
          expect(p.x).toBeGreaterThanOrEqual(24);
          expect(p.x).toBeLessThanOrEqual(w - 24);
          expect(p.y).toBeGreaterThanOrEqual(24);
          expect(p.y).toBeLessThanOrEqual(h - 24);
        }
      }
    }
  });

  it("widens the ranges as the flight goes on and points the rocket up the curve", () => {
    expect(sceneRange(1_000, 106)).toEqual({ maxMs: 8_000, maxMultiplier: 200 });
    expect(sceneRange(40_000, 1102).maxMultiplier).toBeGreaterThan(1102);
    const heading = headingAt(curvePoints(20_000, 800, 400));
    expect(heading).toBeLessThan(0); // up and to the right on screen
    expect(heading).toBeGreaterThan(-Math.PI / 2);
  });
});

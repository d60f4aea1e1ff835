import { describe, expect, it } from "vitest";
import { createSeededRandom, createStarShadows } from "./starShadows.ts";

describe("createStarShadows", () => {
  it("draws the requested number of stars inside the tile", () => {
    const shadows = createStarShadows(1, 50, 400).split(", ");
    expect(shadows).toHaveLength(50);
    for (const shadow of shadows) {
      const [x, y] = shadow.split(" ").map((part) => Number.parseInt(part, 10));
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(400);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThan(400);
    }
  });

  it("is the same sky for the same seed and a different one for another", () => {
    expect(createStarShadows(7, 20, 300)).toBe(createStarShadows(7, 20, 300));
    expect(createStarShadows(7, 20, 300)).not.toBe(createStarShadows(8, 20, 300));
  });
});

describe("createSeededRandom", () => {
  it("stays in [0, 1) and spreads evenly", () => {
    const random = createSeededRandom(123);
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 10_000; i += 1) {
      const value = random();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      buckets[Math.floor(value * 10)]! += 1;
    }
    for (const count of buckets) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });
});

import { describe, expect, it } from "vitest";
import { splitPrizePool } from "./payouts.ts";
import { assignFinishes, placesOfBusts } from "./places.ts";

describe("payouts", () => {
  it("pays 65/35 for six and 50/30/20 for nine, the pool exactly", () => {
    expect(splitPrizePool(60_000_000, 6)).toEqual([39_000_000, 21_000_000]);
    expect(splitPrizePool(90_000_000, 9)).toEqual([45_000_000, 27_000_000, 18_000_000]);
  });

  it("gives the remainder of the rounding to first place", () => {
    const prizes = splitPrizePool(1_000_001, 9);
    expect(prizes).toEqual([500_001, 300_000, 200_000]);
    for (const pool of [0, 1, 7, 99_999_999]) {
      expect(splitPrizePool(pool, 6).reduce((a, b) => a + b, 0)).toBe(pool);
      expect(splitPrizePool(pool, 9).reduce((a, b) => a + b, 0)).toBe(pool);
    }
  });
});

describe("finishing places", () => {
  it("ranks later busts higher and same-hand busts by their starting stack", () => {
    const finishes = assignFinishes(
      "w",
      [
        { playerId: "a", handNumber: 3, startStack: 500 },
        { playerId: "b", handNumber: 9, startStack: 100 },
        { playerId: "c", handNumber: 9, startStack: 800 },
      ],
      [650, 350],
    );
    expect(finishes).toEqual([
      { playerId: "w", place: 1, prize: 650 },
      { playerId: "c", place: 2, prize: 350 },
      { playerId: "b", place: 3, prize: 0 },
      { playerId: "a", place: 4, prize: 0 },
    ]);
  });

  it("splits the prizes of tied places evenly, odd units to the first listed", () => {
    const finishes = assignFinishes(
      "w",
      [
        { playerId: "x", handNumber: 5, startStack: 300 },
        { playerId: "y", handNumber: 5, startStack: 300 },
      ],
      [500, 301, 200],
    );
    expect(finishes).toEqual([
      { playerId: "w", place: 1, prize: 500 },
      { playerId: "x", place: 2, prize: 251 },
      { playerId: "y", place: 2, prize: 250 },
    ]);
    expect(finishes.reduce((s, f) => s + f.prize, 0)).toBe(1001);
  });

  it("gives the busts of a hand the places left below the remaining players", () => {
    expect(
      placesOfBusts(5, [
        { playerId: "a", handNumber: 2, startStack: 10 },
        { playerId: "b", handNumber: 2, startStack: 90 },
      ]),
    ).toEqual([
      { playerId: "b", place: 4, prize: 0 },
      { playerId: "a", place: 5, prize: 0 },
    ]);
  });
});

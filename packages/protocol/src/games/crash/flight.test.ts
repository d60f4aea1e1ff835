import { describe, expect, it } from "vitest";
import { crashTimeOf, multiplierAt, timeToReach } from "./flight.ts";
import { capPointOf, cashOutPayout } from "./payout.ts";

describe("the flight", () => {
  it("starts at 1.00x and follows floor(100 e^(0.00006 t))", () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(-5)).toBe(100);
    expect(multiplierAt(10_000)).toBe(182); // e^0.6 = 1.8221
    expect(multiplierAt(60_000)).toBe(3659); // e^3.6 = 36.598
  });

  it("inverts: timeToReach gives the first millisecond at a multiplier", () => {
    for (const m of [101, 150, 200, 1000, 6117, 100_000]) {
      const t = timeToReach(m);
      expect(multiplierAt(t)).toBeGreaterThanOrEqual(m);
      expect(multiplierAt(t - 1)).toBeLessThan(m);
    }
    expect(timeToReach(100)).toBe(0);
  });

  it("ends as the multiplier would pass the crash point, at once for 1.00x", () => {
    expect(crashTimeOf(100)).toBe(0);
    const end = crashTimeOf(250);
    expect(multiplierAt(end - 1)).toBe(250);
    expect(multiplierAt(end)).toBe(251);
  });
});

describe("payouts and the round cap", () => {
  it("pays the stake times the multiplier, rounded down to the unit", () => {
    expect(cashOutPayout(1_000_000, 250)).toBe(2_500_000);
    expect(cashOutPayout(1_000, 333)).toBe(3_330);
    expect(cashOutPayout(7, 133)).toBe(9);
  });

  it("puts the cap point where the stakes still in would take what is left", () => {
    // Cap 1,000 units, 200 already won, 400 still in: (1000 - 200) / 400 = 2 -> 3.00x.
    expect(capPointOf(1_000, 200, 400)).toBe(300);
    expect(capPointOf(1_000, 0, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(capPointOf(1_000, 1_000, 400)).toBe(100);
    expect(capPointOf(1_000, 1_500, 400)).toBe(100);
  });

  it("never lets the cashed-out stakes together pass the cap (invariant)", () => {
    const stakes = [3, 7_000_001, 999_999, 12_345_678];
    const cap = 50_000_000;
    const open = stakes.reduce((a, b) => a + b, 0);
    const point = capPointOf(cap, 0, open);
    const won = stakes.reduce((sum, s) => sum + cashOutPayout(s, point) - s, 0);
    expect(won).toBeLessThanOrEqual(cap);
    const over = stakes.reduce((sum, s) => sum + cashOutPayout(s, point + 1) - s, 0);
    expect(over).toBeGreaterThan(cap - open / 100);
  });
});

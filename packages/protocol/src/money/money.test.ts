import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkBetLimits } from "./limits.ts";
import { formatUnits, parseAmount, payout } from "./money.ts";

describe("parseAmount", () => {
  it.each([
    [10, 10_000_000],
    ["0.005", 5_000],
    [0.001, 1_000],
    ["1000", 1_000_000_000],
    [0.000001, 1],
  ])("parses %j exactly", (input, units) => {
    expect(parseAmount(input)).toEqual({ ok: true, units });
  });

  it.each([
    -1,
    "-1",
    Number.NaN,
    Number.POSITIVE_INFINITY,
    "1e3",
    "0.0000001",
    1e-7,
    "abc",
    "",
    null,
    undefined,
    {},
    [],
    true,
    "99999999999999",
  ])("refuses %j", (input) => {
    expect(parseAmount(input).ok).toBe(false);
  });

  it("round-trips every 6-decimal amount through formatUnits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), (units) => {
        expect(parseAmount(formatUnits(units))).toEqual({ ok: true, units });
      }),
    );
  });
});

describe("payout", () => {
  it("rounds down to the unit", () => {
    expect(payout(10_000_000, 2.3328)).toBe(23_328_000);
    expect(payout(1_000, 2.3328)).toBe(2_332);
    expect(payout(100_000_000, 1000)).toBe(100_000_000_000);
  });
});

describe("checkBetLimits", () => {
  it("enforces min, step and cap per currency", () => {
    expect(checkBetLimits(1_000_000, "HC").ok).toBe(true);
    expect(checkBetLimits(500_000, "HC").ok).toBe(false);
    expect(checkBetLimits(1_500_000, "HC").ok).toBe(false);
    expect(checkBetLimits(101_000_000, "HC").ok).toBe(false);
    expect(checkBetLimits(1_000, "AMINA").ok).toBe(true);
    expect(checkBetLimits(1_500, "AMINA").ok).toBe(false);
    expect(checkBetLimits(1_001_000, "AMINA").ok).toBe(false);
  });
});

import { BET_LIMITS, coins } from "@casino/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  betAdjustments,
  doubleBet,
  halveBet,
  isQuickBetEnabled,
  maxBet,
  maxBetUnits,
  readTypedBet,
  settleBetInLimits,
} from "./betRules.ts";

describe("maxBetUnits: the smaller of the balance and the cap, on the step", () => {
  it.each([
    ["HC", coins(1000), coins(100)],
    ["HC", coins(42.7), coins(42)],
    ["AMINA", coins(0.0125), coins(0.012)],
    ["AMINA", coins(5), coins(1)],
    ["AMINA", 0, 0],
  ] as const)("%s with balance %d -> %d", (currency, balance, expected) => {
    expect(maxBetUnits(currency, balance)).toBe(expected);
  });
});

describe("readTypedBet accepts only a positive number on the step from the minimum to the maximum", () => {
  const balance = coins(50);
  it.each([
    ["10", { ok: true, units: coins(10) }],
    [" 50 ", { ok: true, units: coins(50) }],
    ["", { ok: false, code: "bet/empty" }],
    ["abc", { ok: false, code: "bet/not_a_number" }],
    ["1e2", { ok: false, code: "bet/not_a_number" }],
    ["-5", { ok: false, code: "bet/not_positive" }],
    ["0", { ok: false, code: "bet/not_positive" }],
    ["2.5", { ok: false, code: "bet/off_step" }],
    ["51", { ok: false, code: "bet/above_max" }],
  ])("HC %j", (text, expected) => {
    const check = readTypedBet(text, "HC", balance);
    expect(check.ok ? { ok: true, units: check.units } : { ok: false, code: check.error.code }).toEqual(
      expected,
    );
  });

  it("AMINA: 0.001 steps, 0.0005 is off the step and below the minimum, above 1 is over the cap", () => {
    expect(readTypedBet("0.005", "AMINA", coins(2))).toEqual({ ok: true, units: coins(0.005) });
    expect(readTypedBet("0.0005", "AMINA", coins(2))).toMatchObject({ error: { code: "bet/below_min" } });
    expect(readTypedBet("0.0015", "AMINA", coins(2))).toMatchObject({ error: { code: "bet/off_step" } });
    expect(readTypedBet("1.001", "AMINA", coins(2))).toMatchObject({ error: { code: "bet/above_max" } });
  });
});

describe("quick buttons", () => {
  it("1/2 never goes below the minimum and stays on the step", () => {
    expect(halveBet(coins(25), "HC")).toBe(coins(12));
    expect(halveBet(coins(1), "HC")).toBe(coins(1));
    expect(halveBet(coins(0.001), "AMINA")).toBe(coins(0.001));
    expect(halveBet(coins(0.005), "AMINA")).toBe(coins(0.002));
  });

  it("2x is capped at the maximum: the balance, then the cap", () => {
    expect(doubleBet(coins(30), "HC", coins(1000))).toBe(coins(60));
    expect(doubleBet(coins(60), "HC", coins(1000))).toBe(coins(100));
    expect(doubleBet(coins(30), "HC", coins(45))).toBe(coins(45));
    expect(doubleBet(coins(0.6), "AMINA", coins(3))).toBe(coins(1));
  });

  it("Max is the available balance up to the cap", () => {
    expect(maxBet("HC", coins(73))).toBe(coins(73));
    expect(maxBet("HC", coins(5000))).toBe(coins(100));
    expect(maxBet("AMINA", coins(0.0427))).toBe(coins(0.042));
  });

  it("the 1/2, 2x and Max buttons set the halved, doubled and largest bet", () => {
    expect(betAdjustments(coins(30), "HC", coins(45))).toEqual([
      { text: "1/2", label: "1/2: halve the bet", units: coins(15) },
      { text: "2x", label: "2x: double the bet", units: coins(45) },
      { text: "Max", label: "Max: bet the maximum", units: coins(45) },
    ]);
  });

  it("a quick button is disabled above the balance or while busy", () => {
    expect(isQuickBetEnabled(coins(50), coins(49), false)).toBe(false);
    expect(isQuickBetEnabled(coins(50), coins(50), false)).toBe(true);
    expect(isQuickBetEnabled(coins(1), coins(50), true)).toBe(false);
  });

  it("invariant: every button result lies within [min, cap] and on the step, for any bet and balance", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("HC" as const, "AMINA" as const),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: coins(500) }),
        (currency, steps, balance) => {
          const { min, max, step } = BET_LIMITS[currency];
          const bet = steps * step;
          for (const units of [
            halveBet(bet, currency),
            doubleBet(bet, currency, balance),
            maxBet(currency, balance),
            settleBetInLimits(bet, currency, balance),
          ]) {
            expect(units).toBeGreaterThanOrEqual(min);
            expect(units).toBeLessThanOrEqual(max);
            expect(units % step).toBe(0);
          }
          if (balance >= min) expect(doubleBet(bet, currency, balance)).toBeLessThanOrEqual(balance);
        },
      ),
      { seed: 20261101, numRuns: 300 },
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  formatAmount,
  formatAmountInput,
  formatCompactAmount,
  formatCount,
  formatMoney,
  formatMultiplier,
  formatSignedAmount,
  formatSignedMoney,
  shortenAddress,
  toUnits,
} from "./format.ts";

describe("toUnits", () => {
  it.each([
    ["1000", 1_000_000_000],
    ["0.005", 5_000],
    [2.5, 2_500_000],
    ["-1.5", -1_500_000],
    ["abc", 0],
    [null, 0],
  ])("reads %j exactly", (value, units) => {
    expect(toUnits(value)).toBe(units);
  });
});

describe("formatAmount", () => {
  it.each([
    [1_003_998_400, "HC", "1,003.9984"],
    [989_997_700, "HC", "989.9977"],
    [1_000_000_000, "HC", "1,000"],
    [0, "HC", "0"],
    [1, "HC", "0.000001"],
    [-470_000, "HC", "-0.47"],
    [1_234_567_000_000, "HC", "1,234,567"],
    [110_664, "AMINA", "0.110664"],
    [100_000, "AMINA", "0.100"],
    [1_000_000, "AMINA", "1.000"],
    [0, "AMINA", "0.000"],
    [1, "AMINA", "0.000001"],
    [1_234_567_000, "AMINA", "1,234.567"],
  ] as const)("shows %i %s as %s", (units, currency, text) => {
    expect(formatAmount(units, currency)).toBe(text);
  });

  it("never drops a non-zero digit (seeded sweep)", () => {
    let seed = 27;
    for (let i = 0; i < 2000; i += 1) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const units = seed % 10 ** (1 + (i % 13));
      for (const currency of ["HC", "AMINA"] as const) {
        const text = formatAmount(units, currency);
        expect(toUnits(text.replaceAll(",", ""))).toBe(units);
      }
    }
  });

  it("refuses a fraction of a micro-unit rather than rounding it", () => {
    expect(() => formatAmount(0.5, "HC")).toThrow();
  });
});

describe("formatMoney and the signed forms", () => {
  it("adds the code and the sign of a net", () => {
    expect(formatMoney(6_998_400, "HC")).toBe("6.9984 HC");
    expect(formatSignedAmount(4_121_500, "HC")).toBe("+4.1215");
    expect(formatSignedAmount(-470_000, "HC")).toBe("-0.47");
    expect(formatSignedAmount(0, "HC")).toBe("0");
    expect(formatSignedMoney(-2_400_000, "HC")).toBe("-2.4 HC");
    expect(formatSignedMoney(1_000, "AMINA")).toBe("+0.001 AMINA");
  });
});

describe("formatCompactAmount", () => {
  it("cuts toward zero, marks the cut and keeps the exact form", () => {
    expect(formatCompactAmount(1_003_998_400, "HC", 2)).toEqual({
      text: "1,003.99…",
      exact: "1,003.9984",
      shortened: true,
    });
    expect(formatCompactAmount(110_664, "AMINA", 0)).toEqual({
      text: "0.110…",
      exact: "0.110664",
      shortened: true,
    });
    expect(formatCompactAmount(1_500_000, "HC", 2)).toEqual({ text: "1.5", exact: "1.5", shortened: false });
    expect(formatCompactAmount(-1_234_560, "HC", 2).text).toBe("-1.23…");
  });
});

describe("formatAmountInput, formatCount and formatMultiplier", () => {
  it("gives a field's plain decimal, grouped counts and exact multipliers", () => {
    expect(formatAmountInput(110_664)).toBe("0.110664");
    expect(formatAmountInput(1_000_000_000)).toBe("1000");
    expect(formatCount(12_345)).toBe("12,345");
    expect(formatMultiplier(0.2)).toBe("0.2x");
    expect(formatMultiplier(2.3328)).toBe("2.3328x");
    expect(formatMultiplier(1000)).toBe("1,000x");
    expect(formatMultiplier(1)).toBe("1x");
  });
});

describe("shortenAddress", () => {
  it("keeps the head and tail the screen asks for", () => {
    const address = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    expect(shortenAddress(address, 4, 4)).toBe("ABCD...WXYZ");
    expect(shortenAddress(address, 6, 6)).toBe("ABCDEF...UVWXYZ");
    expect(shortenAddress("DEMO", 4, 4)).toBe("DEMO");
  });
});

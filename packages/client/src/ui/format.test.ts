import { describe, expect, it } from "vitest";
import { formatAmina, formatHC, shortenAddress, toUnits } from "./format.ts";

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

describe("formatHC", () => {
  it("shows whole coins with separators, rounding down", () => {
    expect(formatHC(1_000_000_000)).toBe("1,000");
    expect(formatHC(999_999_999)).toBe("999");
    expect(formatHC(0)).toBe("0");
  });
});

describe("formatAmina", () => {
  it("keeps the screen's decimals and never rounds up", () => {
    expect(formatAmina(99_999, 2)).toBe("0.09");
    expect(formatAmina(99_999, 3)).toBe("0.099");
    expect(formatAmina(1_234_567_000, 3)).toBe("1,234.567");
    expect(formatAmina(100_000, 2)).toBe("0.10");
    expect(formatAmina(0, 3)).toBe("0.000");
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

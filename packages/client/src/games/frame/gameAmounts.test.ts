import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import {
  amountUnits,
  formatBlackjackAmount,
  formatGameAmount,
  formatSlotsWin,
  formatWinAmount,
  readCurrency,
} from "./gameAmounts.ts";

describe("game amounts", () => {
  it.each([
    [coins(25), "HC", "25"],
    [coins(1.5), "HC", "1.5"],
    [coins(1234), "HC", "1,234"],
    [coins(0.03), "AMINA", "0.03"],
    [coins(0.0015), "AMINA", "0.0015"],
    [2332, "AMINA", "0.002332"],
    [0, "AMINA", "0.00"],
  ] as const)("slots win %d %s -> %s", (units, currency, text) => {
    expect(formatSlotsWin(units, currency)).toBe(text);
  });

  it("stakes: HC whole, AMINA 3 decimals", () => {
    expect(formatGameAmount(coins(10), "HC")).toBe("10");
    expect(formatGameAmount(coins(0.01), "AMINA")).toBe("0.010");
  });

  it("wins keep fractions a stake format would hide", () => {
    expect(formatWinAmount(coins(23.328), "HC")).toBe("23.328");
    expect(formatWinAmount(2332, "AMINA")).toBe("0.002332");
    expect(formatWinAmount(coins(0.05), "AMINA")).toBe("0.050");
  });

  it("blackjack numbers carry 3 decimals", () => {
    expect(formatBlackjackAmount(coins(25))).toBe("25.000");
    expect(formatBlackjackAmount(coins(0.0025))).toBe("0.002");
  });

  it("reads wire amounts and currencies", () => {
    expect(amountUnits("58.32")).toBe(58_320_000);
    expect(amountUnits(0.005)).toBe(5_000);
    expect(amountUnits(null)).toBe(0);
    expect(readCurrency("AMINA")).toBe("AMINA");
    expect(readCurrency("BTC")).toBe("HC");
  });
});

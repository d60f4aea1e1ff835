import { describe, expect, it } from "vitest";
import { amountUnits, readCurrency } from "./gameAmounts.ts";

describe("game amounts", () => {
  it("reads wire amounts and currencies", () => {
    expect(amountUnits("58.32")).toBe(58_320_000);
    expect(amountUnits(0.005)).toBe(5_000);
    expect(amountUnits(null)).toBe(0);
    expect(readCurrency("AMINA")).toBe("AMINA");
    expect(readCurrency("BTC")).toBe("HC");
  });
});

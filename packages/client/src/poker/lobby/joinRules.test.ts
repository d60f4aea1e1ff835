import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { checkBuyIn, defaultBuyIn, readPlayerName } from "./joinRules.ts";

const micro = { buyInMin: 0.04, buyInMax: 0.2 };
const wide = { buyInMin: 0.001, buyInMax: 1 };

describe("defaultBuyIn", () => {
  it("opens at 0.01 AMINA when the table allows it", () => {
    expect(defaultBuyIn(wide)).toBe("0.01");
  });

  it("moves the default into the table's range", () => {
    expect(defaultBuyIn(micro)).toBe("0.04");
    expect(defaultBuyIn({ buyInMin: 0.001, buyInMax: 0.005 })).toBe("0.005");
  });
});

describe("checkBuyIn", () => {
  it("accepts a buy-in in steps of 0.001 inside the range and the balance", () => {
    expect(checkBuyIn("0.05", micro, coins(0.05))).toEqual({ ok: true, units: 50_000, wire: "0.05" });
    expect(checkBuyIn(".2", micro, coins(1))).toMatchObject({ ok: true, wire: "0.2" });
  });

  it("refuses zero, text, off-step and over-cap amounts", () => {
    expect(checkBuyIn("0", wide, coins(1))).toMatchObject({ ok: false, code: "poker/amount_not_positive" });
    expect(checkBuyIn("abc", wide, coins(1))).toMatchObject({ ok: false, code: "poker/amount_not_positive" });
    expect(checkBuyIn("0.0015", wide, coins(1))).toMatchObject({ ok: false, code: "poker/bad_step" });
    expect(checkBuyIn("1.001", wide, coins(5))).toMatchObject({ ok: false, code: "poker/above_limit" });
  });

  it("refuses amounts outside the table's range", () => {
    expect(checkBuyIn("0.03", micro, coins(1))).toEqual({
      ok: false,
      code: "poker/outside_table_range",
      message: "This table takes 0.04 to 0.2 AMINA",
    });
  });

  it("refuses a buy-in above the AMINA balance (Join disabled)", () => {
    expect(checkBuyIn("0.05", micro, coins(0.049))).toMatchObject({
      ok: false,
      code: "poker/insufficient_balance",
    });
  });
});

describe("readPlayerName", () => {
  it("sends no name for an empty field (the casino username is used) and trims names", () => {
    expect(readPlayerName("")).toEqual({ ok: true, name: undefined });
    expect(readPlayerName("   ")).toEqual({ ok: true, name: undefined });
    expect(readPlayerName("  Ada ")).toEqual({ ok: true, name: "Ada" });
  });

  it("refuses names the table cannot show", () => {
    expect(readPlayerName("x".repeat(25)).ok).toBe(false);
    expect(readPlayerName("Zoë").ok).toBe(false);
  });
});

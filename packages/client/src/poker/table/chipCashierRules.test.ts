import { coins, messageOf } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { checkChipTransaction, describeChipFailure, stackUnits } from "./chipCashierRules.ts";

const limits = { balanceUnits: coins(0.05), stackChips: 40, chipsPerCoin: 1000 };

describe("checkChipTransaction", () => {
  it("buys chips up to the AMINA balance", () => {
    expect(checkChipTransaction("0.05", "buy", limits)).toEqual({ ok: true, units: 50_000, wire: "0.05" });
    expect(checkChipTransaction("0.051", "buy", limits)).toEqual({
      ok: false,
      code: "poker/above_limit",
      message: messageOf("poker/insufficient_balance"),
    });
  });

  it("cashes out up to the chips on the table", () => {
    expect(stackUnits(limits)).toBe(coins(0.04));
    expect(checkChipTransaction("0.04", "cashout", limits)).toMatchObject({ ok: true, wire: "0.04" });
    expect(checkChipTransaction("0.041", "cashout", limits)).toEqual({
      ok: false,
      code: "poker/above_limit",
      message: "You have only 40 chips on the table",
    });
  });

  it("refuses 0, negative, empty and off-step amounts", () => {
    for (const text of ["0", "-0.01", "", "0.0005", "0.0101"])
      expect(checkChipTransaction(text, "buy", limits).ok).toBe(false);
  });

  it("words the failure alert as SPEC.md section 8 does", () => {
    expect(describeChipFailure("You are not seated at an AMINA table")).toBe(
      "Transaction failed: You are not seated at an AMINA table",
    );
  });
});

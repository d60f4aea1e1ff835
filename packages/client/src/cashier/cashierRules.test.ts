import { describe, expect, it } from "vitest";
import { checkDeposit, checkWithdraw, faucetRefusalNote, shareOfBalance } from "./cashierRules.ts";

describe("checkDeposit", () => {
  it.each([
    ["0.001", 1_000, "0.001"],
    ["5", 5_000_000, "5"],
    ["0.100", 100_000, "0.1"],
    [".5", 500_000, "0.5"],
  ])("accepts %j", (text, units, wire) => {
    expect(checkDeposit(text)).toEqual({ ok: true, units, wire });
  });

  it.each(["", "   ", "0", "-1", "abc", "Infinity"])("refuses %j with the spec's toast", (text) => {
    expect(checkDeposit(text)).toMatchObject({
      ok: false,
      title: "Invalid Amount",
      description: "Please enter a valid deposit amount",
    });
  });

  it("takes any amount down to the micro-unit from 0.001, and refuses what is below or finer", () => {
    expect(checkDeposit("0.0015")).toEqual({ ok: true, units: 1_500, wire: "0.0015" });
    expect(checkDeposit("0.110664")).toEqual({ ok: true, units: 110_664, wire: "0.110664" });
    expect(checkDeposit("0.0005")).toMatchObject({ ok: false, code: "cashier/below_minimum" });
    expect(checkDeposit("0.0000001")).toMatchObject({ ok: false, code: "cashier/bad_precision" });
    expect(checkDeposit("1e-3")).toMatchObject({ ok: false, code: "cashier/bad_precision" });
  });
});

describe("checkWithdraw", () => {
  it("uses the withdrawal wording for a missing amount", () => {
    expect(checkWithdraw("", 5_000)).toMatchObject({ description: "Please enter a valid withdrawal amount" });
  });

  it("refuses more than the balance with Insufficient Balance", () => {
    expect(checkWithdraw("0.006", 5_000)).toEqual({
      ok: false,
      code: "cashier/insufficient_balance",
      title: "Insufficient Balance",
      description: "You don't have enough AMINA tokens to withdraw",
    });
    expect(checkWithdraw("0.005", 5_000)).toMatchObject({ ok: true, units: 5_000 });
  });

  it("sends the whole balance exactly, even a remainder below 0.001", () => {
    expect(checkWithdraw("0.110664", 110_664)).toEqual({ ok: true, units: 110_664, wire: "0.110664" });
    expect(checkWithdraw("0.000664", 664)).toEqual({ ok: true, units: 664, wire: "0.000664" });
    expect(checkWithdraw("0.000664", 1_664)).toMatchObject({ ok: false, code: "cashier/below_minimum" });
  });
});

describe("shareOfBalance", () => {
  it.each([
    [100_000, 0.25, "0.025"],
    [100_000, 0.5, "0.05"],
    [100_000, 1, "0.1"],
    [110_664, 1, "0.110664"],
    [110_664, 0.25, "0.027666"],
    [664, 1, "0.000664"],
    [3_000, 0.25, ""],
    [1_999, 1, "0.001999"],
    [0, 1, ""],
  ])("the share of %d units at %d is %j (MAX is the whole balance)", (balanceUnits, fraction, share) => {
    expect(shareOfBalance(balanceUnits, fraction)).toBe(share);
  });
});

describe("faucetRefusalNote", () => {
  it("explains a refused faucet with its release, and says nothing when the wallet was funded", () => {
    const release = { perAddressPerHour: "0.1", casinoPerHour: "2" };
    expect(faucetRefusalNote({ received: false, ...release })).toBe(
      "The demo faucet gave this wallet no AMINA: it releases 0.1 AMINA per address per hour and 2 AMINA " +
        "per hour across the casino, so the fixed supply cannot be drained. Deposit AMINA you hold, or " +
        "play with House Coins.",
    );
    expect(faucetRefusalNote({ received: true, ...release })).toBeUndefined();
    expect(faucetRefusalNote(null)).toBeUndefined();
    expect(faucetRefusalNote(undefined)).toBeUndefined();
  });
});

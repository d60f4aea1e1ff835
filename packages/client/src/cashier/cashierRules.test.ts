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

  it("refuses amounts below the minimum or off the 0.001 step", () => {
    expect(checkDeposit("0.0005")).toMatchObject({ ok: false, code: "cashier/below_minimum" });
    expect(checkDeposit("0.0015")).toMatchObject({ ok: false, code: "cashier/bad_precision" });
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
});

describe("shareOfBalance", () => {
  it.each([
    [100_000, 0.25, "0.025"],
    [100_000, 0.5, "0.05"],
    [100_000, 1, "0.1"],
    [3_000, 0.25, ""],
    [1_999, 1, "0.001"],
    [0, 1, ""],
  ])("rounds the share of %d units at %d down to the step: %j", (balanceUnits, fraction, share) => {
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

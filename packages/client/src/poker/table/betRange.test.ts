import { describe, expect, it } from "vitest";
import { checkBetInput, clampBet, describeBetControl, describeCall, potFractionTo } from "./betRange.ts";
import { type LegalSnap, NO_LEGAL_ACTIONS } from "./tableSnapshot.ts";

/** Legal options of a seat to act, over "nothing allowed". */
function makeLegal(overrides: Partial<LegalSnap>): LegalSnap {
  return { ...NO_LEGAL_ACTIONS, seat: 2, canFold: true, ...overrides };
}

describe("describeBetControl", () => {
  it("offers Bet with the legal range when nobody has bet", () => {
    expect(
      describeBetControl(makeLegal({ canCheck: true, canBet: true, minRaiseTo: 2, maxRaiseTo: 80 })),
    ).toEqual({
      kind: "bet",
      label: "Bet",
      min: 2,
      max: 80,
    });
  });

  it("offers Raise to when facing a bet", () => {
    const control = describeBetControl(
      makeLegal({ canCall: true, callAmount: 10, canRaise: true, minRaiseTo: 20, maxRaiseTo: 500 }),
    );
    expect(control).toMatchObject({ kind: "raise", label: "Raise to", min: 20, max: 500 });
  });

  it("offers nothing when only calling or going all-in is legal", () => {
    expect(describeBetControl(makeLegal({ canCall: true, callAmount: 40, canAllIn: true }))).toEqual({
      kind: "none",
    });
  });

  it("never lets the input go below 1 chip", () => {
    expect(describeBetControl(makeLegal({ canBet: true, minRaiseTo: 0, maxRaiseTo: 5 }))).toMatchObject({
      min: 1,
    });
  });
});

describe("checkBetInput and clampBet", () => {
  const control = describeBetControl(makeLegal({ canRaise: true, minRaiseTo: 20, maxRaiseTo: 300 }));

  it("accepts whole chips inside the range", () => {
    expect(checkBetInput(" 45 ", control)).toEqual({ ok: true, amount: 45 });
    expect(checkBetInput("300", control)).toEqual({ ok: true, amount: 300 });
  });

  it("refuses amounts outside the range, fractions and text", () => {
    expect(checkBetInput("19", control)).toEqual({ ok: false, message: "The minimum is 20 chips" });
    expect(checkBetInput("301", control)).toEqual({ ok: false, message: "The maximum is 300 chips" });
    expect(checkBetInput("20.5", control).ok).toBe(false);
    expect(checkBetInput("-20", control).ok).toBe(false);
    expect(checkBetInput("", control).ok).toBe(false);
    expect(checkBetInput("25", { kind: "none" })).toEqual({
      ok: false,
      message: "You cannot bet or raise now",
    });
  });

  it("clamps slider values into the range", () => {
    expect(clampBet(5, control)).toBe(20);
    expect(clampBet(1000, control)).toBe(300);
    expect(clampBet(33.6, control)).toBe(34);
    expect(clampBet(Number.NaN, control)).toBe(20);
    expect(clampBet(Number.POSITIVE_INFINITY, control)).toBe(300);
  });
});

describe("potFractionTo", () => {
  it("sizes a pot raise as the call plus the pot after calling", () => {
    // Pot 30 with a bet of 10 to call from a player who has 0 in: pot raise = 10 + (30 + 10) = 50.
    const legal = makeLegal({
      canCall: true,
      callAmount: 10,
      canRaise: true,
      minRaiseTo: 20,
      maxRaiseTo: 400,
    });
    const control = describeBetControl(legal);
    expect(potFractionTo(1, 30, 0, legal, control)).toBe(50);
    expect(potFractionTo(0.5, 30, 0, legal, control)).toBe(30);
  });

  it("sizes a bet as a share of the pot, clamped to the stack", () => {
    const legal = makeLegal({ canCheck: true, canBet: true, minRaiseTo: 2, maxRaiseTo: 25 });
    const control = describeBetControl(legal);
    expect(potFractionTo(0.5, 40, 0, legal, control)).toBe(20);
    expect(potFractionTo(1, 40, 0, legal, control)).toBe(25);
    expect(potFractionTo(0.75, 20, 0, legal, control)).toBe(15);
    expect(potFractionTo(Number.POSITIVE_INFINITY, 0, 0, legal, control)).toBe(25);
  });

  it("labels the call with its chips", () => {
    expect(describeCall(makeLegal({ canCall: true, callAmount: 15 }))).toBe("Call 15");
  });
});

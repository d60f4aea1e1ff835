import { describe, expect, it } from "vitest";
import { chooseHiloGuess, readHiloTarget, shouldCashOut } from "./hiloStrategy.ts";
import { DEFAULT_AUTOBET_FORM, readAutoBetForm } from "./settingsForm.ts";

describe("readAutoBetForm", () => {
  it("reads the default form: 10 bets, reset on both, no stops", () => {
    expect(readAutoBetForm(DEFAULT_AUTOBET_FORM)).toEqual({
      ok: true,
      settings: {
        bets: 10,
        onWin: { mode: "reset" },
        onLoss: { mode: "reset" },
        stopProfitUnits: 0,
        stopLossUnits: 0,
      },
    });
  });

  it("reads percentages and stop amounts in coins", () => {
    const read = readAutoBetForm({
      ...DEFAULT_AUTOBET_FORM,
      bets: "",
      onLoss: "change",
      onLossPercent: "50.5",
      stopLoss: "25",
      stopProfit: "0.005",
    });
    expect(read).toMatchObject({
      ok: true,
      settings: {
        bets: 0,
        onLoss: { mode: "change", percent: 50.5 },
        stopLossUnits: 25_000_000,
        stopProfitUnits: 5_000,
      },
    });
  });

  it.each([
    [{ bets: "2.5" }, "autobet/bad_count"],
    [{ bets: "20000" }, "autobet/bad_count"],
    [{ onWin: "change" as const, onWinPercent: "-100" }, "autobet/bad_percent"],
    [{ onLoss: "change" as const, onLossPercent: "abc" }, "autobet/bad_percent"],
    [{ stopLoss: "-5" }, "autobet/bad_amount"],
    [{ stopProfit: "0.0000001" }, "autobet/bad_amount"],
  ])("refuses %j with %s", (change, code) => {
    const read = readAutoBetForm({ ...DEFAULT_AUTOBET_FORM, ...change });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.code).toBe(code);
  });
});

describe("the hi-lo auto strategy", () => {
  it("guesses the likelier side (the lower multiplier), ties go higher", () => {
    expect(chooseHiloGuess(1.0833, 13)).toBe("higher");
    expect(chooseHiloGuess(6.5, 1.1818)).toBe("lower");
    expect(chooseHiloGuess(2.1666, 2.1666)).toBe("higher");
    expect(chooseHiloGuess(0, 1.0833), "on a king only LOWER can win").toBe("lower");
    expect(chooseHiloGuess(1.0833, 0)).toBe("higher");
    expect(chooseHiloGuess(0, 0)).toBeNull();
  });

  it("cashes out once the streak reaches the target", () => {
    expect(shouldCashOut(1, 2)).toBe(false);
    expect(shouldCashOut(2, 2)).toBe(true);
    expect(shouldCashOut(1, 0), "a target below 1 still needs one correct guess").toBe(true);
  });

  it("reads a target from 1 to 20", () => {
    expect(readHiloTarget("3")).toBe(3);
    expect(readHiloTarget("0")).toBeNull();
    expect(readHiloTarget("21")).toBeNull();
    expect(readHiloTarget("x")).toBeNull();
  });
});

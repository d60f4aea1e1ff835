import { describe, expect, it } from "vitest";
import {
  type AutoBetSettings,
  type AutoBetTally,
  checkStop,
  judgeBet,
  nextStake,
  recordBet,
  startTally,
} from "./plan.ts";

const HC = 1_000_000;

/** Settings of a run: reset on both, no stops, unless `over` says otherwise. */
function makeSettings(over: Partial<AutoBetSettings> = {}): AutoBetSettings {
  return {
    bets: 0,
    onWin: { mode: "reset" },
    onLoss: { mode: "reset" },
    stopProfitUnits: 0,
    stopLossUnits: 0,
    ...over,
  };
}

/** Plays `bets` (stake -> credited) through recordBet from a fresh HC tally. */
function play(settings: AutoBetSettings, start: number, credits: number[]): AutoBetTally {
  let tally = startTally("HC", start);
  for (const credit of credits)
    tally = recordBet(settings, tally, { betUnits: tally.stakeUnits, winUnits: credit });
  return tally;
}

describe("judgeBet", () => {
  it("calls more than the stake back a win, less a loss, the stake itself a push", () => {
    expect(judgeBet({ betUnits: 10, winUnits: 20 })).toBe("win");
    expect(judgeBet({ betUnits: 10, winUnits: 5 })).toBe("loss");
    expect(judgeBet({ betUnits: 10, winUnits: 10 })).toBe("push");
    expect(judgeBet({ betUnits: 0, winUnits: 3 }), "a free spin that pays is a win").toBe("win");
  });
});

describe("stake changes (invariant: the next stake is inside the bet limits and on the step)", () => {
  it("on loss +100% doubles the stake after each loss and resets on a win (martingale)", () => {
    const settings = makeSettings({ onLoss: { mode: "change", percent: 100 } });
    const tally = play(settings, 1 * HC, [0, 0, 0]);
    expect(tally.stakeUnits).toBe(8 * HC);
    expect(tally.streak).toBe(-3);
    const after = recordBet(settings, tally, { betUnits: 8 * HC, winUnits: 16 * HC });
    expect(after.stakeUnits).toBe(1 * HC);
    expect(after.streak).toBe(1);
  });

  it("on win +50% raises the stake, rounded down to the step, and a loss resets it", () => {
    const settings = makeSettings({ onWin: { mode: "change", percent: 50 } });
    expect(play(settings, 3 * HC, [6 * HC]).stakeUnits).toBe(4 * HC);
    expect(play(settings, 3 * HC, [6 * HC, 0]).stakeUnits).toBe(3 * HC);
  });

  it("a decrease never goes below the minimum and an increase never above the cap", () => {
    const tally = startTally("HC", 2 * HC);
    expect(nextStake({ mode: "change", percent: -90 }, tally)).toBe(1 * HC);
    expect(nextStake({ mode: "change", percent: 1000 }, { ...tally, stakeUnits: 60 * HC })).toBe(100 * HC);
    const amina = startTally("AMINA", 1_000);
    expect(nextStake({ mode: "change", percent: 50 }, amina)).toBe(1_000);
    expect(nextStake({ mode: "change", percent: 100 }, amina)).toBe(2_000);
  });

  it("a push keeps the stake and the streak but still counts the bet", () => {
    const settings = makeSettings({ onLoss: { mode: "change", percent: 100 } });
    const tally = play(settings, 5 * HC, [0, 10 * HC]);
    expect(tally).toMatchObject({ bets: 2, stakeUnits: 10 * HC, streak: -1, wageredUnits: 15 * HC });
  });

  it("counts wagered and net profit, and a free spin stakes nothing", () => {
    let tally = play(makeSettings(), 10 * HC, [23_328_000, 0]);
    expect(tally).toMatchObject({ bets: 2, wageredUnits: 20 * HC, profitUnits: 3_328_000 });
    tally = recordBet(makeSettings(), tally, { betUnits: 0, winUnits: 2 * HC });
    expect(tally).toMatchObject({ bets: 3, wageredUnits: 20 * HC, profitUnits: 5_328_000, streak: 1 });
  });
});

describe("checkStop", () => {
  it("stops once the net loss reaches the stop-loss, not before", () => {
    const settings = makeSettings({ stopLossUnits: 25 * HC });
    expect(checkStop(settings, play(settings, 10 * HC, [0, 0]), 1000 * HC)).toBeNull();
    expect(checkStop(settings, play(settings, 10 * HC, [0, 0, 5 * HC]), 1000 * HC)?.code).toBe(
      "autobet/stop_loss",
    );
  });

  it("stops once the net profit reaches the target", () => {
    const settings = makeSettings({ stopProfitUnits: 20 * HC });
    expect(checkStop(settings, play(settings, 10 * HC, [20 * HC]), 1000 * HC)).toBeNull();
    expect(checkStop(settings, play(settings, 10 * HC, [20 * HC, 30 * HC]), 1000 * HC)?.code).toBe(
      "autobet/stop_profit",
    );
  });

  it("stops after the set number of bets; 0 runs until stopped", () => {
    const tally = play(makeSettings(), 1 * HC, [0, 0, 0]);
    expect(checkStop(makeSettings({ bets: 3 }), tally, 1000 * HC)).toMatchObject({
      code: "autobet/done",
      message: "Done: 3 bets placed.",
    });
    expect(checkStop(makeSettings({ bets: 4 }), tally, 1000 * HC)).toBeNull();
    expect(checkStop(makeSettings({ bets: 0 }), tally, 1000 * HC)).toBeNull();
  });

  it("stops when the balance no longer covers the next stake", () => {
    const settings = makeSettings({ onLoss: { mode: "change", percent: 100 } });
    const tally = play(settings, 10 * HC, [0, 0]);
    expect(tally.stakeUnits).toBe(40 * HC);
    expect(checkStop(settings, tally, 39 * HC)?.code).toBe("autobet/balance_short");
    expect(checkStop(settings, tally, 40 * HC)).toBeNull();
  });

  it("the stop-loss wins over the other reasons when several hold", () => {
    const settings = makeSettings({ bets: 1, stopLossUnits: 10 * HC });
    expect(checkStop(settings, play(settings, 10 * HC, [0]), 0)?.code).toBe("autobet/stop_loss");
  });
});

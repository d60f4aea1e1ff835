import { CRASH_LISTED_PLAYS } from "@casino/protocol/games/crash/listed-plays";
import type { CrashRoundFrame } from "@casino/protocol/games/crash/schemas";
import { describe, expect, it } from "vitest";
import {
  applyCrash,
  applyEvents,
  applyFlight,
  applyOwnPlay,
  formatCrashPoint,
  isReplayOver,
  multiplierNow,
  replayClock,
  replayOf,
  replaySpeed,
  secondsToStart,
  toneOfPoint,
  viewOfRound,
} from "./crashRound.ts";

const NO_TOTALS = { players: 0, staked: 0, paidOut: 0, cashedOut: 0 };

/** A betting frame of round 7 sent at server time 10,000, the flight due at 15,000. */
function bettingFrame(): CrashRoundFrame {
  return {
    currency: "HC",
    number: 7,
    phase: "betting",
    startsAt: 15_000,
    serverTime: 10_000,
    terminal: "t",
    salt: "s",
    plays: [],
    totals: NO_TOTALS,
    recent: [],
    capPoint: null,
  };
}

/** Round 7 after its crash at 5.02x, its flight drawn up to `endedAt`. */
function crashedView(endedAt: number, capped: boolean) {
  return applyCrash(viewOfRound(bettingFrame(), 0), {
    number: 7,
    crashPoint: 502,
    endedAt,
    hash: "h",
    salt: "s",
    capped,
    totals: NO_TOTALS,
    plays: [],
  });
}

const play = (betId: string, cashedOutAt: number | null, stake = 1_000_000) => ({
  betId,
  username: betId,
  stake,
  autoCashOut: null,
  cashedOutAt,
  payout: 0,
});

describe("the crash round on screen", () => {
  it("counts down in the server's time whatever this page's clock says", () => {
    // This page's clock runs 3 s behind the server's.
    const view = viewOfRound(bettingFrame(), 7_000);
    expect(view.offset).toBe(3_000);
    expect(secondsToStart(view, 7_000)).toBe(5);
    expect(secondsToStart(view, 11_500)).toBe(1);
    expect(multiplierNow(view, 9_000)).toBe(100);
  });

  it("draws the flight from its start on the server's clock", () => {
    const flying = applyFlight(
      viewOfRound(bettingFrame(), 7_000),
      { number: 7, startedAt: 15_000, serverTime: 15_010 },
      12_010,
    );
    expect(flying.phase).toBe("flying");
    // 10 s into the flight on the server's clock: e^0.6 = 1.82x.
    expect(multiplierNow(flying, 12_000 + 10_000)).toBe(182);
  });

  it("merges batched plays by bet id and ignores frames of another round", () => {
    let view = viewOfRound(bettingFrame(), 0);
    const totals = { players: 2, staked: 2_000_000, paidOut: 1_500_000, cashedOut: 1 };
    view = applyEvents(view, { number: 7, totals: NO_TOTALS, plays: [play("a", null), play("b", null)] });
    view = applyEvents(view, { number: 7, totals, plays: [play("a", 150)] });
    view = applyEvents(view, { number: 6, totals: NO_TOTALS, plays: [play("z", null)] });
    expect(view.plays.map((p) => [p.betId, p.cashedOutAt])).toEqual([
      ["a", 150],
      ["b", null],
    ]);
    expect(view.totals).toEqual(totals);
  });

  it("keeps the players list to the largest stakes, as the server ranks them", () => {
    let view = viewOfRound(bettingFrame(), 0);
    const plays = Array.from({ length: 60 }, (_, i) =>
      play(`p${String(i).padStart(2, "0")}`, null, (i % 30) + 1),
    );
    view = applyEvents(view, { number: 7, totals: NO_TOTALS, plays: plays.slice(0, 30) });
    view = applyEvents(view, { number: 7, totals: NO_TOTALS, plays: plays.slice(30) });
    expect(view.plays).toHaveLength(CRASH_LISTED_PLAYS);
    expect(view.plays[0]?.betId).toBe("p29");
    expect(view.plays[1]?.betId).toBe("p59");
    expect(view.plays.at(-1)?.stake).toBe(6);
  });

  it("holds the player's own play of this round alone", () => {
    let view = viewOfRound(bettingFrame(), 0);
    view = applyOwnPlay(view, { number: 7, play: play("mine", null, 5) });
    view = applyOwnPlay(view, { number: 6, play: play("old", 200) });
    expect(view.own?.betId).toBe("mine");
    expect(viewOfRound(bettingFrame(), 0).own).toBeNull();
  });

  it("shows where the flight ended and puts the crash first in the recent list", () => {
    const view = crashedView(300, true);
    expect(multiplierNow(view, 0)).toBe(300);
    expect(view.recent[0]).toMatchObject({ number: 7, crashPoint: 502 });
    expect(formatCrashPoint(502)).toBe("5.02x");
    expect([toneOfPoint(150), toneOfPoint(502), toneOfPoint(6117)]).toEqual(["low", "good", "great"]);
  });
});

describe("the instant replay", () => {
  it("flies the last crash point again on a faster clock and stops at it", () => {
    const crashed = crashedView(502, false);
    const replay = replayOf(crashed, 50_000);
    if (!replay) throw new Error("no replay");
    expect(replay).toMatchObject({ phase: "flying", startsAt: 50_000, offset: 0, endPoint: 502 });
    const speed = replaySpeed(502);
    expect(speed).toBeGreaterThan(6); // 27 s of flight in about 4 s
    let t = 50_000;
    const clock = replayClock(50_000, speed, () => t);
    t = 51_000;
    expect(multiplierNow(replay, clock())).toBeGreaterThan(130);
    expect(isReplayOver(replay, clock())).toBe(false);
    t = 55_000;
    expect(multiplierNow(replay, clock())).toBe(502);
    expect(isReplayOver(replay, clock())).toBe(true);
    expect(replayOf(viewOfRound(bettingFrame(), 0), 0)).toBeNull();
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { applyPlayState, forgetPlayerPause, notePlayerBets, readPlayState } from "./playStateStore.ts";
import { describeBalanceBlock } from "./usePlayPause.ts";

const NOW = Date.UTC(2026, 10, 28, 7, 0);

afterEach(() => applyPlayState({ maintenance: false, pause: null }));

describe("the pushed play state", () => {
  it("merges messages: fields left out stay, a new identity forgets the pause", () => {
    applyPlayState({ maintenance: true, pause: null });
    applyPlayState({ pause: { exclusion: { kind: "cool_off", until: NOW }, sessionLimit: null } });
    expect(readPlayState()).toEqual({
      maintenance: true,
      pause: { exclusion: { kind: "cool_off", until: NOW }, sessionLimit: null },
    });
    applyPlayState({ maintenance: false });
    expect(readPlayState().pause?.exclusion?.kind).toBe("cool_off");
    forgetPlayerPause();
    expect(readPlayState()).toEqual({ maintenance: false, pause: null });
  });

  it("moves the session-limit clock on with the player's own bets, only when a limit is set", () => {
    notePlayerBets([NOW]);
    expect(readPlayState().pause).toBeNull();
    applyPlayState({ pause: { exclusion: null, sessionLimit: { minutes: 30, session: null } } });
    notePlayerBets([NOW + 60_000, NOW]);
    expect(readPlayState().pause?.sessionLimit).toEqual({
      minutes: 30,
      session: { startedAt: NOW, lastAt: NOW + 60_000 },
    });
  });
});

describe("a balance below the minimum bet", () => {
  it("is named with the currency's minimum and where to get more", () => {
    expect(describeBalanceBlock("HC", 1_000_000)).toBeNull();
    expect(describeBalanceBlock("HC", 999_999)).toBe(
      "Your HC balance is below the 1 HC minimum bet: claim free House Coins in the cashier's Demo Play tab",
    );
    expect(describeBalanceBlock("AMINA", 1_000)).toBeNull();
    expect(describeBalanceBlock("AMINA", 999)).toBe(
      "Your AMINA balance is below the 0.001 AMINA minimum bet: deposit AMINA in the cashier",
    );
  });
});

import { describe, expect, it } from "vitest";
import { describePause, nextPauseChange, type PlayerPause, sessionLimitClock } from "./play-state.ts";
import { SESSION_BREAK_MS } from "./responsible.ts";

const NOW = Date.UTC(2026, 10, 28, 7, 0);
const HOUR = 60 * 60 * 1000;

describe("play pauses", () => {
  it("names maintenance first, then an exclusion, then a used-up session", () => {
    const pause: PlayerPause = {
      exclusion: { kind: "cool_off", until: NOW + 24 * HOUR },
      sessionLimit: { minutes: 30, reachedAt: NOW - 1, resumesAt: NOW + HOUR },
    };
    expect(describePause(true, pause, NOW)?.kind).toBe("maintenance");
    expect(describePause(false, pause, NOW)).toEqual({
      kind: "cool_off",
      text: "You are on a cool-off until 2026-11-29 07:00 UTC: bets, buy-ins and deposits are paused",
      until: NOW + 24 * HOUR,
    });
    expect(describePause(false, { ...pause, exclusion: null }, NOW)?.kind).toBe("session_time");
    expect(describePause(false, null, NOW)).toBeNull();
  });

  it("ends a pause on screen when its time is up", () => {
    const pause: PlayerPause = {
      exclusion: { kind: "self_exclusion", until: NOW + HOUR },
      sessionLimit: null,
    };
    expect(describePause(false, pause, NOW)?.text).toBe(
      "You are self-excluded until 2026-11-28: bets, buy-ins and deposits are paused",
    );
    expect(describePause(false, pause, NOW + HOUR)).toBeNull();
    expect(nextPauseChange(pause, NOW)).toBe(NOW + HOUR);
    expect(nextPauseChange(pause, NOW + HOUR)).toBeNull();
  });

  it("runs the session clock only while a session with a limit runs", () => {
    const session = { startedAt: NOW - HOUR, lastAt: NOW - 1000 };
    expect(sessionLimitClock(null, session, NOW)).toBeNull();
    expect(sessionLimitClock(30, null, NOW)).toBeNull();
    expect(sessionLimitClock(30, { startedAt: NOW - HOUR, lastAt: NOW - SESSION_BREAK_MS }, NOW)).toBeNull();
    expect(sessionLimitClock(30, session, NOW)).toEqual({
      minutes: 30,
      reachedAt: NOW - HOUR + 30 * 60_000,
      resumesAt: NOW - 1000 + SESSION_BREAK_MS,
    });
  });
});

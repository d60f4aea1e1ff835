import { describe, expect, it } from "vitest";
import {
  describePause,
  nextPauseChange,
  noteBetOnClock,
  type PlayerPause,
  sessionLimitClock,
} from "./play-state.ts";
import { SESSION_BREAK_MS } from "./responsible.ts";

const NOW = Date.UTC(2026, 10, 28, 7, 0);
const HOUR = 60 * 60 * 1000;

describe("play pauses", () => {
  it("names maintenance first, then an exclusion, then a used-up session", () => {
    const pause: PlayerPause = {
      exclusion: { kind: "cool_off", until: NOW + 24 * HOUR },
      sessionLimit: { minutes: 30, session: { startedAt: NOW - 30 * 60_000, lastAt: NOW - 1000 } },
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
    expect(sessionLimitClock(30, null, NOW)).toEqual({ minutes: 30, session: null });
    expect(sessionLimitClock(30, { startedAt: NOW - HOUR, lastAt: NOW - SESSION_BREAK_MS }, NOW)).toEqual({
      minutes: 30,
      session: null,
    });
    expect(sessionLimitClock(30, session, NOW)).toEqual({ minutes: 30, session });
  });

  it("counts the player's bets as the server does: a session runs out, and a break ends it", () => {
    let limit = noteBetOnClock({ minutes: 30, session: null }, NOW);
    expect(limit).toEqual({ minutes: 30, session: { startedAt: NOW, lastAt: NOW } });
    for (const minute of [10, 20, 29]) limit = noteBetOnClock(limit, NOW + minute * 60_000);
    expect(limit?.session).toEqual({ startedAt: NOW, lastAt: NOW + 29 * 60_000 });
    const pause: PlayerPause = { exclusion: null, sessionLimit: limit };
    expect(describePause(false, pause, NOW + 29 * 60_000)).toBeNull();
    expect(nextPauseChange(pause, NOW + 29 * 60_000)).toBe(NOW + 30 * 60_000);
    expect(describePause(false, pause, NOW + 30 * 60_000)).toEqual({
      kind: "session_time",
      text: "You have reached your session time limit of 30 minutes: you can play again at 2026-11-28 07:44 UTC",
      until: NOW + 29 * 60_000 + SESSION_BREAK_MS,
    });
    expect(describePause(false, pause, NOW + 29 * 60_000 + SESSION_BREAK_MS)).toBeNull();
    // After the break the next bet starts a new session.
    expect(noteBetOnClock(limit, NOW + 29 * 60_000 + SESSION_BREAK_MS)?.session?.startedAt).toBe(
      NOW + 29 * 60_000 + SESSION_BREAK_MS,
    );
    expect(noteBetOnClock(null, NOW)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { readClock, trackTurn } from "./actionClock.ts";

describe("action clock", () => {
  it("starts full when a turn appears and runs down to zero at the deadline", () => {
    const clock = trackTurn(null, 2, 21_000, 1_000)!;
    expect(clock.totalMs).toBe(20_000);
    expect(readClock(clock, 1_000)).toEqual({ leftMs: 20_000, fraction: 1 });
    expect(readClock(clock, 11_000)).toEqual({ leftMs: 10_000, fraction: 0.5 });
    expect(readClock(clock, 30_000)).toEqual({ leftMs: 0, fraction: 0 });
  });

  it("keeps the same clock for the same turn and restarts for a new one (time bank)", () => {
    const clock = trackTurn(null, 2, 21_000, 1_000);
    expect(trackTurn(clock, 2, 21_000, 5_000)).toBe(clock);
    expect(trackTurn(clock, 2, 51_000, 21_000)).toEqual({
      key: "2:51000",
      deadline: 51_000,
      totalMs: 30_000,
    });
  });

  it("has no clock when nobody is to act", () => {
    expect(trackTurn(null, -1, 0, 5)).toBeNull();
  });
});

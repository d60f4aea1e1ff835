/**
 * The feed's cadence. Invariants: a few viewers get frames every FEED_FRAME_MS, a crowd less often
 * but never slower than the crowd interval; every frame interval is a multiple of the flush interval
 * (so frame ticks are flush ticks); the next tick is on the clock-aligned grid, after `now`, and a
 * grid runner runs on those ticks, reading its interval anew each time, until stopped; frames go
 * further apart only while more rows than a frame carries settle within FEED_FRESH_MS (or the
 * process is saturated), and a stretched frame goes early once the rows pause for FEED_PAUSE_MS.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  delayToNextTick,
  FEED_CROWD_FRAME_MS,
  FEED_FLUSH_MS,
  FEED_FRAME_MS,
  FEED_FRESH_MS,
  FEED_PAUSE_MS,
  FEED_SATURATED_UTILIZATION,
  FEED_STRETCH,
  frameIntervalOf,
  isFrameDue,
  runOnGrid,
  stretchedIntervalOf,
} from "./feed-cadence.ts";
import { FRAME_ROWS } from "./feed-window.ts";

describe("the frame interval", () => {
  it("stays at the base for a few viewers and grows to the crowd's by a thousand", () => {
    expect(frameIntervalOf(0)).toBe(FEED_FRAME_MS);
    expect(frameIntervalOf(100)).toBe(FEED_FRAME_MS);
    expect(frameIntervalOf(550)).toBeGreaterThan(FEED_FRAME_MS);
    expect(frameIntervalOf(550)).toBeLessThan(FEED_CROWD_FRAME_MS);
    expect(frameIntervalOf(1_000)).toBe(FEED_CROWD_FRAME_MS);
    expect(frameIntervalOf(50_000)).toBe(FEED_CROWD_FRAME_MS);
    expect(frameIntervalOf(50_000, 20, FEED_CROWD_FRAME_MS, 10)).toBe(FEED_CROWD_FRAME_MS);
    expect(frameIntervalOf(50_000, 500)).toBe(500); // a base above the crowd's is kept
  });

  it("is always a multiple of the flush interval, and at least one", () => {
    for (let viewers = 0; viewers <= 1_200; viewers += 37)
      expect(frameIntervalOf(viewers) % FEED_FLUSH_MS).toBe(0);
    expect(frameIntervalOf(0, 10, 20, 50)).toBe(50);
    expect(frameIntervalOf(500, 100, 200, 40)).toBe(160); // 144 rounds to 160
  });
});

describe("the stretched interval", () => {
  const rowsThreshold = (FRAME_ROWS * 1000) / FEED_FRESH_MS; // rows per second
  const calm = { rowsPerSecond: 0, utilization: 0 };

  it("stretches while a frame's rows settle faster than FEED_FRESH_MS", () => {
    expect(stretchedIntervalOf(200, calm)).toBe(200);
    expect(stretchedIntervalOf(200, { ...calm, rowsPerSecond: rowsThreshold * 0.9 })).toBe(200);
    expect(stretchedIntervalOf(200, { ...calm, rowsPerSecond: rowsThreshold })).toBe(200 * FEED_STRETCH);
    expect(stretchedIntervalOf(100, { ...calm, rowsPerSecond: 5_000 })).toBe(100 * FEED_STRETCH);
    expect(stretchedIntervalOf(100, { ...calm, rowsPerSecond: 50 }, 4)).toBe(100 * FEED_STRETCH); // 7.5 rows per 150 ms > 4
  });

  it("stretches while the process's event loop is saturated", () => {
    expect(stretchedIntervalOf(200, { ...calm, utilization: FEED_SATURATED_UTILIZATION - 0.01 })).toBe(200);
    expect(stretchedIntervalOf(200, { ...calm, utilization: FEED_SATURATED_UTILIZATION })).toBe(
      200 * FEED_STRETCH,
    );
    expect(stretchedIntervalOf(400, { ...calm, utilization: 1 })).toBe(400 * FEED_STRETCH);
  });

  it("stretches once for each reason when both hold", () => {
    expect(stretchedIntervalOf(200, { rowsPerSecond: 5_000, utilization: 1 })).toBe(
      200 * FEED_STRETCH * FEED_STRETCH,
    );
  });
});

describe("a frame's tick", () => {
  const clock = { frameInterval: 400, baseInterval: 200, pendingRows: 20, newestRowAt: 10_000 };

  it("comes on every multiple of the frame interval, rows or none", () => {
    expect(isFrameDue(10_400, clock)).toBe(true);
    expect(isFrameDue(10_400, { ...clock, pendingRows: 0 })).toBe(true);
    expect(isFrameDue(10_050, clock)).toBe(false);
  });

  it("comes early once the rows pause while frames are stretched, and only then", () => {
    expect(isFrameDue(10_000 + FEED_PAUSE_MS - 50, clock)).toBe(false);
    expect(isFrameDue(10_000 + FEED_PAUSE_MS, clock)).toBe(true);
    expect(isFrameDue(10_000 + FEED_PAUSE_MS, { ...clock, pendingRows: 0 })).toBe(false);
    expect(isFrameDue(10_000 + FEED_PAUSE_MS, { ...clock, frameInterval: 200 })).toBe(false);
  });
});

describe("the next tick", () => {
  it("lands offset past a multiple of the interval, strictly after now", () => {
    expect(delayToNextTick(1_000, 100)).toBe(100);
    expect(delayToNextTick(1_030, 100)).toBe(70);
    expect(delayToNextTick(1_030, 100, 25)).toBe(95);
    expect(delayToNextTick(1_010, 100, 25)).toBe(15);
    expect(delayToNextTick(1_025, 100, 25)).toBe(100);
    for (const now of [0, 7, 99, 12_345, 1_700_000_000_123]) {
      const delay = delayToNextTick(now, 200, 25);
      expect(delay).toBeGreaterThan(0);
      expect(delay).toBeLessThanOrEqual(200);
      expect((now + delay - 25) % 200).toBe(0);
    }
  });
});

describe("the grid runner", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs on the wall clock's ticks, follows a new interval and stops", () => {
    vi.useFakeTimers();
    vi.setSystemTime(10_010);
    const ran: number[] = [];
    let interval = 100;
    const stop = runOnGrid(
      () => ran.push(Date.now()),
      () => interval,
      25,
    );
    vi.advanceTimersByTime(300);
    expect(ran).toEqual([10_025, 10_125, 10_225]);
    interval = 200; // read when the next tick is set: the one after 10,325 is 10,425, then 10,625
    vi.advanceTimersByTime(300);
    expect(ran).toEqual([10_025, 10_125, 10_225, 10_325, 10_425]);
    stop();
    vi.advanceTimersByTime(1_000);
    expect(ran).toHaveLength(5);
  });

  it("runs a tick once when its timer fires a millisecond early", () => {
    vi.useFakeTimers();
    vi.setSystemTime(10_010);
    const ran: number[] = [];
    const stop = runOnGrid(
      (tick) => {
        ran.push(tick);
        if (ran.length === 1) vi.setSystemTime(tick - 1); // the clock reads just before the tick
      },
      () => 100,
    );
    vi.advanceTimersByTime(250);
    stop();
    expect(ran).toEqual([10_100, 10_200]);
  });
});

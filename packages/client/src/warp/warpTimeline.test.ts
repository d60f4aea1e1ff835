import { describe, expect, it } from "vitest";
import {
  startWarp,
  tickWarp,
  WARP_COMPLETE_MS,
  WARP_FRAMES,
  WARP_HOLD_MS,
  type WarpClock,
  warpSpeed,
} from "./warpTimeline.ts";

/** Runs the clock at a fixed frame time until it is done; records each phase's first frame. */
function runAt(frameMs: number) {
  let clock: WarpClock = startWarp();
  const phaseStarts = new Map<string, WarpClock>();
  const speeds: number[] = [];
  while (clock.phase !== "done" && clock.frames < 10_000) {
    clock = tickWarp(clock, frameMs);
    if (!phaseStarts.has(clock.phase)) phaseStarts.set(clock.phase, clock);
    speeds.push(warpSpeed(clock));
  }
  return { clock, phaseStarts, speeds };
}

describe("warp timeline", () => {
  it("accelerates for 120 frames, warps ~1 s, completes ~0.5 s at 60 fps", () => {
    const { clock, phaseStarts } = runAt(1000 / 60);
    expect(phaseStarts.get("warping")?.frames).toBe(WARP_FRAMES);
    const warping = phaseStarts.get("warping")!;
    const completing = phaseStarts.get("completing")!;
    expect(completing.elapsedMs - warping.elapsedMs).toBeGreaterThanOrEqual(WARP_HOLD_MS);
    expect(completing.elapsedMs - warping.elapsedMs).toBeLessThan(WARP_HOLD_MS + 20);
    expect(clock.elapsedMs - completing.elapsedMs).toBeGreaterThanOrEqual(WARP_COMPLETE_MS);
    expect(clock.elapsedMs).toBeLessThan(3600);
  });

  it("still finishes in time on a machine drawing 10 frames per second", () => {
    const { clock, phaseStarts } = runAt(100);
    expect(phaseStarts.get("warping")!.frames).toBeLessThan(WARP_FRAMES);
    expect(clock.elapsedMs).toBeLessThanOrEqual(3000 + WARP_HOLD_MS + WARP_COMPLETE_MS + 200);
  });

  it("speeds up while accelerating and slows down while completing", () => {
    const { speeds } = runAt(1000 / 60);
    const accelerating = speeds.slice(0, WARP_FRAMES - 1);
    for (let i = 1; i < accelerating.length; i += 1)
      expect(accelerating[i]!).toBeGreaterThan(accelerating[i - 1]!);
    expect(speeds.at(-2)!).toBeLessThan(0.2);
    expect(Math.max(...speeds)).toBe(1);
  });

  it("stays done once done", () => {
    const { clock } = runAt(16);
    expect(tickWarp(clock, 16)).toBe(clock);
    expect(warpSpeed(clock)).toBe(0);
  });
});

/** The warp intro's timeline as a pure clock: frames, phases, titles and speed (SPEC.md section 2). */

/** About 120 frames of accelerating stars (2 s at 60 fps). */
export const WARP_FRAMES = 120;
/** A slow machine still leaves the accelerating phase after this long, whatever its frame rate. */
export const WARP_FRAME_BUDGET_MS = 3000;
/** Then about 1 s of warping and 0.5 s of completing before the lobby. */
export const WARP_HOLD_MS = 1000;
export const WARP_COMPLETE_MS = 500;

/** Advances the intro by one drawn frame of `frameMs` and returns the star speed to draw. */
export type FrameHandler = (frameMs: number) => number;

/** The phases of the intro, in order; "done" means go to /casino. */
export type WarpPhase = "accelerating" | "warping" | "completing" | "done";

/** The title and the line under it in each visible phase. */
export const WARP_TITLES: Record<Exclude<WarpPhase, "done">, { title: string; subtitle: string }> = {
  accelerating: { title: "Entering the", subtitle: "COSMOS" },
  warping: { title: "WARPING THROUGH", subtitle: "HYPERSPACE" },
  completing: { title: "WELCOME TO", subtitle: "AMINA CASINO" },
};

/** Where the intro is: frames drawn, time since start, and when the current phase began. */
export type WarpClock = { phase: WarpPhase; frames: number; elapsedMs: number; phaseStartMs: number };

/** The clock before the first frame. */
export function startWarp(): WarpClock {
  return { phase: "accelerating", frames: 0, elapsedMs: 0, phaseStartMs: 0 };
}

/** Advances the clock by one drawn frame that took `frameMs`, moving to the next phase when due. */
export function tickWarp(clock: WarpClock, frameMs: number): WarpClock {
  if (clock.phase === "done") return clock;
  const next = { ...clock, frames: clock.frames + 1, elapsedMs: clock.elapsedMs + Math.max(0, frameMs) };
  const inPhase = next.elapsedMs - next.phaseStartMs;
  if (next.phase === "accelerating" && (next.frames >= WARP_FRAMES || inPhase >= WARP_FRAME_BUDGET_MS)) {
    return { ...next, phase: "warping", phaseStartMs: next.elapsedMs };
  }
  if (next.phase === "warping" && inPhase >= WARP_HOLD_MS) {
    return { ...next, phase: "completing", phaseStartMs: next.elapsedMs };
  }
  if (next.phase === "completing" && inPhase >= WARP_COMPLETE_MS) {
    return { ...next, phase: "done", phaseStartMs: next.elapsedMs };
  }
  return next;
}

/** Star speed from 0 to 1: eases in while accelerating, holds while warping, brakes while completing. */
export function warpSpeed(clock: WarpClock): number {
  const inPhase = clock.elapsedMs - clock.phaseStartMs;
  switch (clock.phase) {
    case "accelerating": {
      const progress = Math.min(
        1,
        Math.max(clock.frames / WARP_FRAMES, clock.elapsedMs / WARP_FRAME_BUDGET_MS),
      );
      return 0.03 + 0.97 * progress * progress;
    }
    case "warping":
      return 1;
    case "completing":
      return Math.max(0.05, 1 - inPhase / WARP_COMPLETE_MS);
    case "done":
      return 0;
  }
}

/** Instant mode: the game screens skip their animations (dice roll, slot reels, plinko flight); remembered per browser. */
import { useAtom } from "jotai";
import { atomWithStorage } from "jotai/utils";

/** Whether the browser asks for less motion: then instant mode is on until the player turns it off. */
function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
  );
}

/** Whether animations are skipped, stored in this browser's localStorage. */
export const instantModeAtom = atomWithStorage("casino.instantMode", prefersReducedMotion(), undefined, {
  getOnInit: true,
});

/** Reads and sets instant mode. */
export function useInstantMode(): [boolean, (on: boolean) => void] {
  return useAtom(instantModeAtom);
}

/** An animation's length: `ms`, or 0 in instant mode. */
export function animationMs(ms: number, instant: boolean): number {
  return instant ? 0 : ms;
}

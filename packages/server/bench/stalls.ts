/**
 * The event loop's stalls while a bench runs: a 2 ms timer notes every gap between its turns
 * longer than 20 ms, when it came (ms since the watch started) and what the code under test was
 * doing then (`phase`), so a bench can say which of its phases holds the loop.
 */

/** A gap of the event loop: when it began (ms since the watch started), how long, during which phase. */
export interface Stall {
  at: number;
  ms: number;
  phase: string;
}

/** Gaps shorter than this are not stalls. */
const STALL_MS = 20;

/** Watches the loop until `stop`; `describe` says how many stalls and the longest five. */
export function watchStalls(phase: () => string) {
  const stalls: Stall[] = [];
  const start = performance.now();
  let last = start;
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > STALL_MS)
      stalls.push({ at: now - start - (now - last), ms: now - last, phase: phase() });
    last = now;
  }, 2);
  return {
    stalls,
    stop: () => clearInterval(timer),
    describe(): string {
      const longest = [...stalls].sort((a, b) => b.ms - a.ms).slice(0, 5);
      const list = longest.map((s) => `${s.ms.toFixed(0)} ms at ${(s.at / 1000).toFixed(1)} s (${s.phase})`);
      return `${stalls.length}${list.length > 0 ? `; longest ${list.join(", ")}` : ""}`;
    },
  };
}

import { describe, expect, it } from "vitest";
import { createLoopUtilizationMeter } from "./loop-utilization.ts";

/** Keeps the event loop busy for `ms` (a synchronous spin). */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe("the event-loop utilization meter", () => {
  it("reads 0 until a window has passed, then the busy share of the last window", async () => {
    let now = 0;
    const read = createLoopUtilizationMeter(100, () => now);
    expect(read()).toBe(0);
    spin(120);
    now = 150;
    const busy = read();
    expect(busy).toBeGreaterThan(0.8);
    // Within the next window the last reading stands.
    now = 200;
    expect(read()).toBe(busy);
    await new Promise((resolve) => setTimeout(resolve, 150));
    now = 400;
    expect(read()).toBeLessThan(0.5);
  });
});

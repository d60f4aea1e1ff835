import { describe, expect, it } from "vitest";
import { securityEventsOf, useCasino } from "../http/test-helpers.ts";
import { startLoopDelayMonitor } from "./loop-delay.ts";
import { startOperatorCasino } from "./test-helpers.ts";

/** Keeps the event loop busy for `ms`. */
function block(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the event-loop delay monitor", () => {
  it("reports a window whose p99 is above the threshold once, when it closes", async () => {
    const stalls: number[] = [];
    const monitor = startLoopDelayMonitor({ windowMs: 3_600_000, onStall: (w) => stalls.push(w.p99Ms) });
    try {
      await pause(50);
      block(400);
      await pause(30);
      const stalled = monitor.closeWindow();
      expect(stalled.maxMs).toBeGreaterThanOrEqual(300);
      expect(stalled.p99Ms).toBeGreaterThan(100);
      expect(stalls).toHaveLength(1);
      expect(monitor.figures()).toMatchObject({ complete: true, stalledWindows: 1, window: stalled });
    } finally {
      monitor.stop();
    }
  });
});

describe("a casino's event-loop delay", () => {
  const casino = useCasino(() => startOperatorCasino());

  it("records a stalled window as a security event", async () => {
    const monitor = casino.services.operator.loopDelay;
    if (!monitor) throw new Error("no loop-delay monitor");
    monitor.closeWindow();
    await pause(50);
    block(400);
    await pause(30);
    monitor.closeWindow();
    const events = await securityEventsOf(casino, "event_loop_stall");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ severity: "high", rule: "ops/event-loop-delay", blocked: 0 });
    expect(events[0]?.details).toMatch(/^event-loop delay p99 \d+(\.\d+)? ms/);
  });
});

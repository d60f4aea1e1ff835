/**
 * How busy this process's event loop has been: the share of the last full second it spent running
 * code rather than waiting (Node's event-loop utilization), read cheaply as often as needed.
 */
import { type EventLoopUtilization, performance } from "node:perf_hooks";

/** Reads the utilization (0..1) of the last complete window; 0 until one has passed. */
export function createLoopUtilizationMeter(windowMs = 1000, now: () => number = Date.now): () => number {
  let since: EventLoopUtilization = performance.eventLoopUtilization();
  let sinceAt = now();
  let last = 0;
  return () => {
    const at = now();
    if (at - sinceAt < windowMs) return last;
    const current = performance.eventLoopUtilization();
    last = performance.eventLoopUtilization(current, since).utilization;
    since = current;
    sinceAt = at;
    return last;
  };
}

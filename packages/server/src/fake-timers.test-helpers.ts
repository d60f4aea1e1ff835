/** Fake timers for the tests of a file or suite. */
import { afterEach, beforeEach, vi } from "vitest";

/**
 * Fakes the timers around each test of the enclosing suite; the returned function moves them `ms`
 * on, running every timer that falls due.
 */
export function useFakeTimers(): (ms: number) => Promise<void> {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  return async (ms) => {
    await vi.advanceTimersByTimeAsync(ms);
  };
}

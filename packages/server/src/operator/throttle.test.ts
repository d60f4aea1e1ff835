import { describe, expect, it } from "vitest";
import { createFailureThrottle, LOGIN_FAILURE_LIMIT } from "./throttle.ts";

describe("the failed-password throttle", () => {
  it("allows 5 failures per 15 minutes per source, then refuses until the oldest leaves the window", () => {
    let clock = 1_000_000;
    const throttle = createFailureThrottle({ now: () => clock });
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.maxFailures; i++) {
      expect(throttle.retryAfterMs("login:a")).toBe(0);
      throttle.recordFailure("login:a");
      clock += 1000;
    }
    expect(throttle.retryAfterMs("login:a")).toBe(LOGIN_FAILURE_LIMIT.windowMs - 5000);
    expect(throttle.retryAfterMs("login:b")).toBe(0);
    clock += LOGIN_FAILURE_LIMIT.windowMs - 5000;
    expect(throttle.retryAfterMs("login:a")).toBe(0);
    throttle.recordFailure("login:a");
    expect(throttle.retryAfterMs("login:a")).toBeGreaterThan(0);
  });

  it("keeps its memory bounded under a flood of sources", () => {
    const throttle = createFailureThrottle({ now: () => 0, maxKeys: 50 });
    for (let i = 0; i < 500; i++) throttle.recordFailure(`login:${i}`);
    expect(throttle.size()).toBeLessThanOrEqual(50);
  });
});

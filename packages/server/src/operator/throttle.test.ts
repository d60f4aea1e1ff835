import { describe, expect, it } from "vitest";
import { describeAttemptStore } from "./throttle.test-helpers.ts";
import { createFailureThrottle, LOGIN_FAILURE_LIMIT } from "./throttle.ts";

describeAttemptStore("in memory", (now) => createFailureThrottle({ now }));

describe("the in-memory password-attempt store", () => {
  it("keeps its memory bounded under a flood of sources", () => {
    const store = createFailureThrottle({ now: () => 0, maxKeys: 50 });
    for (let i = 0; i < 500; i++) store.reserve(`login:source:${i}`, "m", LOGIN_FAILURE_LIMIT);
    expect(store.size()).toBeLessThanOrEqual(50);
  });
});

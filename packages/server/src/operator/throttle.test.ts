import { describe, expect, it } from "vitest";
import { useFakeTimers } from "../fake-timers.test-helpers.ts";
import { describePasswordThrottle } from "./throttle.test-helpers.ts";
import { createFailureThrottle, createPasswordThrottle } from "./throttle.ts";

const advance = useFakeTimers();

describePasswordThrottle("in memory", () => createFailureThrottle(), advance);

describe("the in-memory password-attempt store", () => {
  it("keeps its memory bounded under a flood of sources", async () => {
    const store = createFailureThrottle({ maxKeys: 50 });
    const throttle = createPasswordThrottle(store);
    for (let i = 0; i < 500; i++) await throttle.begin("login", `10.1.${i >> 8}.${i & 255}`);
    expect(store.size()).toBeLessThanOrEqual(50);
  });

  it("answers the exact base gap to the first attempt past the free failures", async () => {
    const throttle = createPasswordThrottle(createFailureThrottle(), {
      source: { maxFailures: 100, windowMs: 60_000 },
    });
    for (let i = 0; i < 20; i++) {
      const begun = await throttle.begin("login", `s${i}`);
      if (begun.ok) await begun.attempt.settle(false);
    }
    expect(await throttle.begin("login", "late")).toMatchObject({ ok: false, retryAfterMs: 1000 });
  });
});

import { describe, expect, it } from "vitest";
import type { SecurityEventInput } from "./events.ts";
import { createLimitEventReporter } from "./limit-events.ts";

const event: SecurityEventInput = {
  type: "rate_limited",
  severity: "medium",
  location: "GET /api/session",
  details: "source address requests over its budget",
  source: "192.0.2.1",
  blocked: true,
  rule: "rate-limit",
};

describe("createLimitEventReporter", () => {
  it("stores one refusal per key and window, and counts the others into the next", () => {
    let clock = 0;
    const stored: SecurityEventInput[] = [];
    const reporter = createLimitEventReporter((e) => stored.push(e), { windowMs: 1000, now: () => clock });
    for (let i = 0; i < 50; i++) reporter.report("addr:192.0.2.1", event);
    reporter.report("addr:192.0.2.2", event);
    expect(stored).toHaveLength(2);
    clock = 1000;
    reporter.report("addr:192.0.2.1", event);
    expect(stored).toHaveLength(3);
    expect(stored[2]?.details).toBe(
      "source address requests over its budget (49 more refused before this one)",
    );
  });

  it("bounds its memory under a flood of distinct keys", () => {
    const reporter = createLimitEventReporter(() => undefined, { now: () => 0, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) reporter.report(`addr:${i}`, event);
    expect(reporter.size()).toBeLessThanOrEqual(100);
  });
});

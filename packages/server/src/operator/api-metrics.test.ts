import { describe, expect, it } from "vitest";
import { createApiMetrics } from "./api-metrics.ts";

describe("API metrics", () => {
  it("reports nothing measured before the first request", () => {
    expect(createApiMetrics().health()).toEqual({ p50Ms: null, requests: 0, serverErrors: 0, errorRate: 0 });
  });

  it("gives the median of the window and the share of 5xx answers", () => {
    const metrics = createApiMetrics(5);
    for (const [ms, status] of [
      [100, 200],
      [1, 200],
      [3, 500],
      [2, 404],
      [50, 200],
    ] as const)
      metrics.record(ms, status);
    expect(metrics.health()).toEqual({ p50Ms: 3, requests: 5, serverErrors: 1, errorRate: 20 });
    for (let i = 0; i < 5; i++) metrics.record(7, 200); // the window rolls over
    expect(metrics.health()).toMatchObject({ p50Ms: 7, requests: 10, errorRate: 10 });
  });
});

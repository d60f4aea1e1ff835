import { describe, expect, it } from "vitest";
import { clusterRatio, pairedRatios, type RunReport } from "./loadtest-scale-report.ts";
import type { PgActivityReport } from "./pg-activity.ts";

/** A run that did `work` actions and bets in 10 s on `cores` casino cores; a cluster run has PostgreSQL samples. */
function run(work: number, cores: number, cluster: boolean): RunReport {
  return {
    seconds: 10,
    actions: work,
    bets: 0,
    casinoCores: cores,
    allInCores: cores,
    ...(cluster ? { pg: {} as PgActivityReport } : {}),
  } as RunReport;
}

describe("the cluster / single-process ratio", () => {
  it("compares work per casino CPU-second", () => {
    // 1,000 ops/s on 0.5 core against 2,000 ops/s on 1 core: the same work per CPU-second.
    expect(clusterRatio(run(20_000, 1, false), run(10_000, 0.5, true))).toBeCloseTo(1);
    expect(clusterRatio(run(20_000, 1, false), run(10_000, 1, true))).toBeCloseTo(0.5);
  });

  it("reports each pair of runs and their mean, and nothing for a single pair", () => {
    const pairs = [run(20_000, 1, false), run(14_000, 1, true), run(20_000, 1, false), run(16_000, 1, true)];
    expect(pairedRatios(pairs)).toBe(
      "Ratios of 2 pairs of runs (single process, then cluster): 0.70, 0.80; mean 0.75.",
    );
    expect(pairedRatios(pairs.slice(0, 2))).toBe("");
  });
});

/** docs/grafana-dashboard.json reads only metric families this process registers, and draws every one. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createCasinoMetrics } from "./casino-metrics.ts";
import { watchCasino } from "./scrape-gauges.ts";

const DASHBOARD = new URL("../../../../docs/grafana-dashboard.json", import.meta.url);

describe("the sample Grafana dashboard", () => {
  it("queries exactly the registered casino_* families", () => {
    const metrics = createCasinoMetrics();
    watchCasino(metrics, { handle: undefined as never, loopDelay: undefined as never });
    const registered = metrics.registry
      .getMetricsAsArray()
      .map((m) => m.name)
      .sort();
    const dashboard = JSON.parse(readFileSync(DASHBOARD, "utf8")) as {
      panels: { targets: { expr: string }[] }[];
    };
    const queried = new Set<string>();
    for (const panel of dashboard.panels)
      for (const target of panel.targets)
        for (const name of target.expr.match(/casino_[a-z_]+/g) ?? [])
          queried.add(name.replace(/_(bucket|count|sum)$/, ""));
    expect([...queried].sort()).toEqual(registered);
  });
});

import { describe, expect, it } from "vitest";
import { layOutChart, niceCeiling } from "./chartGeometry.ts";
import { describePolling } from "./polling.ts";
import * as texts from "./securityTexts.ts";
import { describeEventType, formatUptime, needsOperator, severityClass, statusClass } from "./severity.ts";

describe("the /security screen's SPEC texts and timings", () => {
  it("keeps the exact texts and intervals of SPEC.md sections 2, 7 and 8", () => {
    expect(texts).toMatchObject({
      ACCESS_DENIED_TEXT: "Access Denied - Incorrect Password",
      POLL_INTERVAL_MS: 1000,
      DOMAIN_CHECK_INTERVAL_MS: 30_000,
      VAULT_REFRESH_MS: 300_000,
      RECENT_EVENTS_SHOWN: 20,
    });
    expect(texts.describeHealthCheckFailure("503: down")).toBe("Domain health check failed: 503: down");
    expect(texts.describeDomainFixFailure("401: Operator login required")).toBe(
      "Domain fix failed: 401: Operator login required",
    );
  });

  it("polls every second only while unlocked, never from a hidden tab", () => {
    expect(describePolling(true)).toEqual({
      enabled: true,
      refetchInterval: 1000,
      refetchIntervalInBackground: false,
      staleTime: 0,
    });
    expect(describePolling(false)).toMatchObject({ enabled: false, refetchInterval: false });
    expect(describePolling(true, texts.DOMAIN_CHECK_INTERVAL_MS).refetchInterval).toBe(30_000);
  });
});

describe("severity and status presentation", () => {
  it("colours each severity and the status badge", () => {
    expect(["critical", "high", "medium", "low", "weird"].map(severityClass)).toEqual([
      "severity-critical",
      "severity-high",
      "severity-medium",
      "severity-low",
      "severity-low",
    ]);
    expect([
      statusClass("SECURE"),
      statusClass("WARNING"),
      statusClass("CRITICAL"),
      statusClass(undefined),
    ]).toEqual(["status-secure", "status-warning", "status-critical", "status-warning"]);
  });

  it("asks the operator only about unresolved high and critical events", () => {
    expect(needsOperator({ severity: "critical", resolved: false })).toBe(true);
    expect(needsOperator({ severity: "high", resolved: true })).toBe(false);
    expect(needsOperator({ severity: "medium", resolved: false })).toBe(false);
    expect(describeEventType("wallet_mismatch")).toBe("wallet mismatch");
  });

  it("formats uptime in its two largest units", () => {
    expect([5, 65, 3_725, 2 * 86_400 + 3 * 3600 + 59].map(formatUptime)).toEqual([
      "5s",
      "1m 5s",
      "1h 2m",
      "2d 3h",
    ]);
  });
});

describe("the events and bets chart", () => {
  const box = { width: 110, height: 60, left: 10, bottom: 10, top: 0 };

  it("rounds the axis up to 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 3, 7, 10, 11, 49, 51, 180].map(niceCeiling)).toEqual([1, 1, 5, 10, 10, 20, 50, 100, 200]);
  });

  it("puts the oldest minute on the left, now on the right, bets as bars and events as a line on one axis", () => {
    const chart = layOutChart(
      [
        { minute: "a", events: 0, bets: 10 },
        { minute: "b", events: 5, bets: 0 },
        { minute: "c", events: 10, bets: 5 },
      ],
      { width: 130, height: 60, left: 10, bottom: 10, top: 0 },
    );
    expect(chart.maxValue).toBe(10);
    expect(chart.eventsPoints).toBe("30.0,50.0 70.0,25.0 110.0,0.0");
    expect(chart.betBars).toEqual([
      { x: 16, y: 0, width: 28, height: 50 },
      { x: 96, y: 25, width: 28, height: 25 },
    ]);
    expect(chart.gridLines.map((g) => [g.label, g.y])).toEqual([
      ["0", 50],
      ["5", 25],
      ["10", 0],
    ]);
  });

  it("draws an empty hour as a flat line on a 0..1 axis with whole-number labels only", () => {
    const chart = layOutChart([{ minute: "a", events: 0, bets: 0 }], box);
    expect([chart.maxValue, chart.eventsPoints, chart.betBars]).toEqual([1, "60.0,50.0", []]);
    expect(chart.gridLines.map((g) => g.label)).toEqual(["0", "1"]);
  });
});

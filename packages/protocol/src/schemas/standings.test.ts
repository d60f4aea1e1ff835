/** Invariants: periods are UTC, a day is [00:00, 24:00), a week runs Monday to Monday; the query refuses unknown values. */
import { describe, expect, it } from "vitest";
import { leaderboardQuerySchema, periodBounds } from "./standings.ts";

const iso = (ms: number) => new Date(ms).toISOString();

describe("periodBounds", () => {
  it("gives the UTC day holding the instant, its last millisecond included", () => {
    const { from, to } = periodBounds("day", Date.parse("2026-03-04T23:59:59.999Z"));
    expect([iso(from), iso(to)]).toEqual(["2026-03-04T00:00:00.000Z", "2026-03-05T00:00:00.000Z"]);
    expect(iso(periodBounds("day", to).from)).toBe("2026-03-05T00:00:00.000Z");
  });

  it("starts weeks on Monday 00:00 UTC, Sunday included in the week before", () => {
    // 2026-03-02 is a Monday.
    for (const at of ["2026-03-02T00:00:00.000Z", "2026-03-05T12:00:00.000Z", "2026-03-08T23:59:59.999Z"]) {
      const { from, to } = periodBounds("week", Date.parse(at));
      expect([iso(from), iso(to)]).toEqual(["2026-03-02T00:00:00.000Z", "2026-03-09T00:00:00.000Z"]);
    }
    expect(iso(periodBounds("week", Date.parse("2026-03-01T23:59:59.999Z")).from)).toBe(
      "2026-02-23T00:00:00.000Z",
    );
  });
});

describe("leaderboardQuerySchema", () => {
  it("fills defaults and refuses unknown keys and values", () => {
    expect(leaderboardQuerySchema.parse({})).toEqual({
      period: "day",
      game: "all",
      metric: "wagered",
      currency: "HC",
    });
    expect(leaderboardQuerySchema.safeParse({ period: "month" }).success).toBe(false);
    expect(leaderboardQuerySchema.safeParse({ game: "poker" }).success).toBe(false);
    expect(leaderboardQuerySchema.safeParse({ currency: "BTC" }).success).toBe(false);
    expect(leaderboardQuerySchema.safeParse({ limit: "5" }).success).toBe(false);
  });
});

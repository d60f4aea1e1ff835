import { describe, expect, it } from "vitest";
import { addRound, EMPTY_SESSION, PROFIT_POINTS_KEPT, type SessionStats } from "./sessionTally.ts";

const HC = 1_000_000;

describe("session stats", () => {
  it("count wagered, net profit, wins and losses per currency", () => {
    let stats: SessionStats = EMPTY_SESSION;
    stats = addRound(stats, { currency: "HC", betUnits: 10 * HC, winUnits: 23_328_000 });
    stats = addRound(stats, { currency: "HC", betUnits: 10 * HC, winUnits: 0 });
    stats = addRound(stats, { currency: "AMINA", betUnits: 1_000, winUnits: 0 });
    stats = addRound(stats, { currency: "HC", betUnits: 5 * HC, winUnits: 5 * HC });
    expect(stats.byCurrency.HC).toEqual({
      rounds: 3,
      wageredUnits: 25 * HC,
      profitUnits: 3_328_000,
      wins: 1,
      losses: 1,
      profitPoints: [0, 13_328_000, 3_328_000, 3_328_000],
    });
    expect(stats.byCurrency.AMINA).toMatchObject({ rounds: 1, profitUnits: -1_000, losses: 1 });
    expect(stats.latest).toBe("HC");
  });

  it("keep a bounded profit line", () => {
    let stats: SessionStats = EMPTY_SESSION;
    for (let i = 0; i < PROFIT_POINTS_KEPT + 20; i++)
      stats = addRound(stats, { currency: "HC", betUnits: HC, winUnits: 0 });
    const points = stats.byCurrency.HC?.profitPoints ?? [];
    expect(points.length).toBe(PROFIT_POINTS_KEPT);
    expect(points.at(-1)).toBe(-(PROFIT_POINTS_KEPT + 20) * HC);
  });
});

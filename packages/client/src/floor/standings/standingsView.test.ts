/** Invariants: a URL never yields a board the server refuses; values read as the casino shows money. */
import { leaderboardQuerySchema } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { formatBoardValue, formatProfit, readBoardChoice, toChartData } from "./standingsView.ts";

describe("readBoardChoice", () => {
  it("reads known values and falls back to the defaults for the rest", () => {
    expect(readBoardChoice(new URLSearchParams("period=week&game=dice&metric=win&currency=AMINA"))).toEqual({
      period: "week",
      game: "dice",
      metric: "win",
      currency: "AMINA",
    });
    const odd = readBoardChoice(new URLSearchParams("period=year&game=poker&metric=x&currency=BTC"));
    expect(odd).toEqual({ period: "day", game: "all", metric: "wagered", currency: "HC" });
    expect(leaderboardQuerySchema.safeParse(odd).success).toBe(true);
  });
});

describe("formatting", () => {
  it("shows multipliers with up to 2 decimals and amounts per currency", () => {
    expect(formatBoardValue(5.832, "multiplier", "HC")).toBe("5.832x");
    expect(formatBoardValue(60, "multiplier", "HC")).toBe("60x");
    expect(formatBoardValue(1234, "wagered", "HC")).toBe("1,234 HC");
    expect(formatBoardValue(0.0125, "win", "AMINA")).toBe("0.0125 AMINA");
    expect(formatProfit(-0.47, "HC")).toBe("-0.47 HC");
    expect(formatProfit(4.1215, "HC")).toBe("+4.1215 HC");
    expect(formatProfit(12, "HC")).toBe("+12 HC");
    expect(formatProfit(-3, "HC")).toBe("-3 HC");
  });

  it("numbers the curve's rounds from 1", () => {
    expect(
      toChartData([
        { at: 5000, profit: -1 },
        { at: 5000, profit: 2 },
      ]),
    ).toEqual([
      [1, 2],
      [-1, 2],
    ]);
  });
});

import { historyPageQuerySchema } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import type { GameSessionRecord } from "../api/types.ts";
import { roundsToCsv } from "./historyCsv.ts";
import {
  type HistoryFilters,
  historyApiQuery,
  NO_FILTERS,
  readHistoryFilters,
  writeHistoryFilters,
} from "./historyQuery.ts";

/** Filters with every field set. */
const MARCH_DICE_WINS: HistoryFilters = {
  game: "dice",
  currency: "AMINA",
  from: "2026-03-01",
  to: "2026-03-31",
  winsOnly: true,
};

describe("history filters", () => {
  it("round-trip through the page URL and drop unreadable values", () => {
    const filters = MARCH_DICE_WINS;
    expect(readHistoryFilters(writeHistoryFilters(filters))).toEqual(filters);
    expect(
      readHistoryFilters(new URLSearchParams("game=poker&currency=EUR&from=yesterday&wins=yes")),
    ).toEqual(NO_FILTERS);
  });

  it("make API queries the server's schema accepts, `to` covering the whole last day", () => {
    const filters: HistoryFilters = { ...MARCH_DICE_WINS, game: "plinko", currency: "HC", to: "2026-03-01" };
    const query = Object.fromEntries(historyApiQuery(filters, "1772366400000_abc-1"));
    const parsed = historyPageQuerySchema.safeParse(query);
    expect(parsed.success).toBe(true);
    if (parsed.success) {
      expect(parsed.data.to! - parsed.data.from!).toBeGreaterThanOrEqual(23 * 3_600_000);
      expect(parsed.data).toMatchObject({ pageSize: 20, game: "plinko", currency: "HC", winsOnly: true });
    }
    expect(
      historyPageQuerySchema.safeParse(Object.fromEntries(historyApiQuery(NO_FILTERS, null))).success,
    ).toBe(true);
  });
});

describe("history CSV", () => {
  const round: GameSessionRecord = {
    id: "r1",
    gameType: "dice",
    betAmount: 1,
    winAmount: 2.3328,
    currency: "HC",
    createdAt: "2026-03-01T12:00:00.000Z",
    serverSeedHash: "ab".repeat(32),
    serverSeed: "cd".repeat(32),
    clientSeed: '=HYPERLINK("x"),1',
    nonce: 7,
    input: { game: "dice", stake: 1_000_000, betType: "low" },
    outcome: {},
  };

  it("writes one exact row per round with an absolute verify link", () => {
    const [header, row, end] = roundsToCsv([round], "https://casino.test").split("\r\n");
    expect(header).toBe(
      "id,time,game,currency,bet,win,profit,nonce,client_seed,server_seed_hash,server_seed,verify_url",
    );
    expect(row).toContain(",1,2.3328,1.3328,7,");
    expect(row).toContain(`"'=HYPERLINK(""x""),1"`);
    expect(row).toMatch(/,https:\/\/casino\.test\/verify\?game=dice&serverSeed=(cd)+&/);
    expect(end).toBe("");
  });

  it("leaves the link empty while the seed is not revealed and shows losses as negative profit", () => {
    const row = roundsToCsv([{ ...round, serverSeed: null, winAmount: 0 }], "https://x").split("\r\n")[1]!;
    expect(row).toContain(",1,0,-1,7,");
    expect(row.endsWith(",,")).toBe(true);
  });
});

/** The client's tabs: newest first, no repeats, capped, high rows routed to High rollers. */
import { FEED_TAB_SIZE, type FeedRow, packFeedRow, unpackFeedRows } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { EMPTY_FEED, mergeRows, prependRows } from "./feedRows.ts";

/** A feed row with an id and defaults. */
function makeRow(id: string): FeedRow {
  return {
    id,
    player: "cosmic_abc",
    game: "dice",
    currency: "HC",
    stake: 1,
    payout: 2,
    multiplier: 2,
    at: 0,
    seedRevealed: false,
  };
}

describe("feed rows", () => {
  it("puts newest-last rows on top, newest first, without repeats", () => {
    const list = prependRows([makeRow("b"), makeRow("a")], [makeRow("b"), makeRow("c"), makeRow("d")]);
    expect(list.map((row) => row.id)).toEqual(["d", "c", "b", "a"]);
  });

  it("keeps at most a tab's size", () => {
    const rows = Array.from({ length: FEED_TAB_SIZE + 5 }, (_, i) => makeRow(String(i)));
    const list = prependRows([], rows);
    expect(list).toHaveLength(FEED_TAB_SIZE);
    expect(list[0]?.id).toBe(String(FEED_TAB_SIZE + 4));
  });

  it("routes high rows to High rollers and own rows to My bets only", () => {
    const all = mergeRows(EMPTY_FEED, {
      tab: "all",
      rows: [
        { ...makeRow("small"), high: false },
        { ...makeRow("big"), high: true },
      ],
    });
    expect(all.all.map((row) => row.id)).toEqual(["big", "small"]);
    expect(all.high.map((row) => row.id)).toEqual(["big"]);
    expect(all.high[0]).not.toHaveProperty("high");
    const mine = mergeRows(all, { tab: "mine", rows: [{ ...makeRow("own"), high: false }] });
    expect(mine.mine.map((row) => row.id)).toEqual(["own"]);
    expect(mine.all).toBe(all.all);
  });

  it("reads back a packed FEED_ROWS payload as the rows the server packed", () => {
    const pot = { ...makeRow("pot"), game: "poker" as const, handId: 7 };
    const wire = { tab: "all" as const, rows: [packFeedRow(makeRow("a"), false), packFeedRow(pot, true)] };
    expect(unpackFeedRows(wire).rows).toEqual([
      { ...makeRow("a"), high: false },
      { ...pot, high: true },
    ]);
  });
});

/**
 * What a frame carries. Invariants: at most FRAME_ROWS of the newest rows by settlement time,
 * whatever order the batches of several processes arrive in, plus the high rollers among the rest up
 * to FRAME_HIGH_ROWS; every row of a watched player reaches their own list (up to a tab), none of an
 * unwatched one; a row heard twice counts once; a take starts the next frame empty.
 */
import { describe, expect, it } from "vitest";
import type { FeedEntry } from "./feed-entry.ts";
import { createFeedWindow, FRAME_HIGH_ROWS, FRAME_ROWS, newestOf } from "./feed-window.ts";

/** A named entry settled at `at` by `userId`. */
function entry(at: number, userId = "u1", high = false): FeedEntry {
  return {
    id: `r${at}`,
    userId,
    game: "dice",
    currency: "HC",
    stake: 1,
    payout: 0,
    at,
    roundId: `r${at}`,
    player: `cosmic_${userId}`,
    hidden: false,
    high,
  };
}

const times = (list: readonly FeedEntry[] | undefined) => (list ?? []).map((e) => e.at);
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe("the feed's frame window", () => {
  it("carries every row of a quiet window, oldest first", () => {
    const window = createFeedWindow(() => false);
    window.add([entry(1), entry(2)]);
    window.add([entry(3)]);
    expect(times(window.take()?.rows)).toEqual([1, 2, 3]);
    expect(window.take()).toBeUndefined();
  });

  it("keeps the newest rows by settlement time across batches heard in any order", () => {
    const window = createFeedWindow(() => false);
    // Two processes' batches; the second arrives later but holds the newer rows.
    window.add(range(1_000, 300).map((at) => entry(at)));
    window.add(range(2_000, 10).map((at) => entry(at)));
    window.add(range(500, 200).map((at) => entry(at))); // an older batch heard last
    const rows = window.take()?.rows ?? [];
    expect(rows).toHaveLength(FRAME_ROWS);
    expect(times(rows)).toEqual([...range(1_300 - (FRAME_ROWS - 10), FRAME_ROWS - 10), ...range(2_000, 10)]);
  });

  it("adds the high rollers among the older rows, up to their cap", () => {
    const window = createFeedWindow(() => false);
    window.add(range(1, 100).map((at) => entry(at, "u1", at % 2 === 0)));
    window.add(range(500, FRAME_ROWS).map((at) => entry(at, "u1", at === 500)));
    const rows = window.take()?.rows ?? [];
    expect(rows).toHaveLength(FRAME_ROWS + FRAME_HIGH_ROWS);
    // The newest high rollers among the older rows (even times up to 100), then the newest rows.
    const olderHigh = Array.from(
      { length: FRAME_HIGH_ROWS },
      (_, i) => 100 - 2 * (FRAME_HIGH_ROWS - 1) + 2 * i,
    );
    expect(times(rows)).toEqual([...olderHigh, ...range(500, FRAME_ROWS)]);
    expect(rows.filter((row) => row.high)).toHaveLength(FRAME_HIGH_ROWS + 1);
  });

  it("gives a watched player every row of theirs and an unwatched one none", () => {
    const window = createFeedWindow((userId) => userId === "alice");
    window.add(range(1, 100).map((at) => entry(at, at % 10 === 0 ? "alice" : "bob")));
    const frame = window.take();
    expect(times(frame?.own.get("alice"))).toEqual(range(1, 10).map((i) => i * 10));
    expect(frame?.own.has("bob")).toBe(false);
    expect(frame?.rows).toHaveLength(FRAME_ROWS);
  });

  it("sends a frame for a player's own rows alone, and caps them to a tab", () => {
    const window = createFeedWindow(() => true, { own: 5 });
    window.add(range(1, 30).map((at) => entry(at, "alice")));
    expect(times(window.take()?.own.get("alice"))).toEqual(range(26, 5));
  });

  it("counts a row heard twice once, and forgets everything on clear", () => {
    const window = createFeedWindow(() => true);
    window.add([entry(1), entry(2)]);
    window.add([entry(2)]);
    const frame = window.take();
    expect(times(frame?.rows)).toEqual([1, 2]);
    expect(times(frame?.own.get("u1"))).toEqual([1, 2]);
    window.add([entry(3)]);
    window.clear();
    expect(window.take()).toBeUndefined();
  });

  it("picks the newest rows without repeats, oldest first", () => {
    const list = [entry(5), entry(1), entry(5), entry(3), entry(4)];
    expect(times(newestOf(list, 3))).toEqual([3, 4, 5]);
    expect(times(newestOf(list, 10))).toEqual([1, 3, 4, 5]);
  });
});

import { describe, expect, it } from "vitest";
import { actAll, makeTable, startRigged } from "./engine/test-helpers.ts";
import type { TableAction, TableEvent } from "./engine/types.ts";
import { exportHandHistory, formatHistoryCard, formatHistoryTime } from "./history.ts";

const options = {
  tableName: "Orion",
  maxPlayers: 6,
  startedAt: Date.UTC(2026, 3, 7, 12, 0, 0),
  currency: "HC",
} as const;

function playHand(
  stacks: Record<number, number>,
  hole: Record<number, string>,
  board: string,
  actions: TableAction[],
): TableEvent[] {
  const started = startRigged(makeTable(stacks), hole, board);
  return [...started.events, ...actAll(started.state, actions).events];
}

describe("PokerStars hand history", () => {
  it("writes cards as rank and suit letters", () => {
    expect([0, 51, 33, 42].map(formatHistoryCard)).toEqual(["2d", "Ac", "Th", "Qs"]);
  });

  it("writes a hand played to showdown, with hero cards, streets, rake and summary", () => {
    const events = playHand(
      { 0: 500, 1: 500, 2: 500 },
      { 0: "2c 3d", 1: "As Ah", 2: "Ks Kh" },
      "9c 8d 4h Js 6c",
      [
        { type: "raise", seat: 0, amount: 30 },
        { type: "call", seat: 1 },
        { type: "call", seat: 2 },
        { type: "check", seat: 1 },
        { type: "bet", seat: 2, amount: 40 },
        { type: "fold", seat: 0 },
        { type: "call", seat: 1 },
        { type: "check", seat: 1 },
        { type: "check", seat: 2 },
        { type: "check", seat: 1 },
        { type: "bet", seat: 2, amount: 50 },
        { type: "call", seat: 1 },
      ],
    );
    expect(exportHandHistory(events, { ...options, heroSeat: 0, handId: 9001 })).toBe(
      [
        "PokerStars Hand #9001:  Hold'em No Limit (5/10) - 2026/04/07 12:00:00 UTC [2026/04/07 8:00:00 ET]",
        "Table 'Orion' 6-max (Play Money) Seat #1 is the button",
        "Seat 1: p0 (500 in chips)",
        "Seat 2: p1 (500 in chips)",
        "Seat 3: p2 (500 in chips)",
        "p1: posts small blind 5",
        "p2: posts big blind 10",
        "*** HOLE CARDS ***",
        "Dealt to p0 [2c 3d]",
        "p0: raises 20 to 30",
        "p1: calls 25",
        "p2: calls 20",
        "*** FLOP *** [9c 8d 4h]",
        "p1: checks",
        "p2: bets 40",
        "p0: folds",
        "p1: calls 40",
        "*** TURN *** [9c 8d 4h] [Js]",
        "p1: checks",
        "p2: checks",
        "*** RIVER *** [9c 8d 4h Js] [6c]",
        "p1: checks",
        "p2: bets 50",
        "p1: calls 50",
        "*** SHOW DOWN ***",
        "p2: shows [Ks Kh] (a pair of Kings)",
        "p1: shows [As Ah] (a pair of Aces)",
        "p1 collected 257 from pot",
        "*** SUMMARY ***",
        "Total pot 270 | Rake 13",
        "Board [9c 8d 4h Js 6c]",
        "Seat 1: p0 (button) folded on the Flop",
        "Seat 2: p1 (small blind) showed [As Ah] and won (257) with a pair of Aces",
        "Seat 3: p2 (big blind) showed [Ks Kh] and lost with a pair of Kings",
        "",
      ].join("\n"),
    );
  });

  it("writes side pots, all-ins and the uncalled bet", () => {
    const events = playHand(
      { 0: 50, 1: 100, 2: 200, 3: 400 },
      { 0: "As Ah", 1: "Ks Kh", 2: "Qs Qh", 3: "Js Jh" },
      "2c 7d 9c 3h 4s",
      [
        { type: "all_in", seat: 3 },
        { type: "all_in", seat: 0 },
        { type: "all_in", seat: 1 },
        { type: "all_in", seat: 2 },
        { type: "advance" },
        { type: "advance" },
        { type: "advance" },
      ],
    );
    const text = exportHandHistory(events, options);
    expect(text).not.toContain("Dealt to");
    for (const line of [
      "p3: raises 390 to 400 and is all-in",
      "p0: calls 50 and is all-in",
      "Uncalled bet (200) returned to p3",
      "*** SHOW DOWN ***\np0: shows [As Ah] (a pair of Aces)",
      "p0 collected 173 from main pot",
      "p2 collected 200 from side pot-2",
      "Total pot 550 Main pot 173. Side pot-1 150. Side pot-2 200. | Rake 27",
      "Seat 4: p3 showed [Js Jh] and lost with a pair of Jacks",
    ]) {
      expect(text).toContain(line);
    }
  });

  it("writes a hand won without a showdown", () => {
    const events = playHand({ 0: 500, 1: 500, 2: 500 }, {}, "9c 8d 4h Js 6c", [
      { type: "raise", seat: 0, amount: 30 },
      { type: "fold", seat: 1 },
      { type: "fold", seat: 2 },
    ]);
    const text = exportHandHistory(events, options);
    expect(text).toContain(
      "Uncalled bet (20) returned to p0\np0 collected 25 from pot\np0: doesn't show hand\n*** SUMMARY ***",
    );
    expect(text).toContain("Seat 3: p2 (big blind) folded before Flop\n");
    expect(text).not.toContain("Board");
  });

  it("prints the time in UTC and ET (unpadded hours, daylight saving followed)", () => {
    expect(formatHistoryTime(Date.UTC(2026, 0, 15, 3, 5, 9))).toBe(
      "2026/01/15 3:05:09 UTC [2026/01/14 22:05:09 ET]",
    );
    expect(formatHistoryTime(Date.UTC(2026, 6, 4, 16, 0, 0))).toBe(
      "2026/07/04 16:00:00 UTC [2026/07/04 12:00:00 ET]",
    );
  });

  it("prints a real-money table's amounts in coins with the currency code", () => {
    const events = playHand({ 0: 500, 1: 500, 2: 500 }, {}, "9c 8d 4h Js 6c", [
      { type: "raise", seat: 0, amount: 30 },
      { type: "fold", seat: 1 },
      { type: "fold", seat: 2 },
    ]);
    const text = exportHandHistory(events, { ...options, currency: "AMINA", unitsPerChip: 1000 });
    expect(text).toMatch(/^PokerStars Hand #1: {2}Hold'em No Limit \(0\.005\/0\.01 AMINA\) - /);
    expect(text).toContain("Table 'Orion' 6-max Seat #1 is the button\n");
    expect(text).toContain("Seat 1: p0 (0.5 in chips)\n");
    expect(text).toContain("p0: raises 0.02 to 0.03\n");
    expect(text).toContain("Total pot 0.025 | Rake 0\n");
    expect(() => exportHandHistory(events, { ...options, currency: "AMINA" })).toThrow();
  });

  it("counts a raise over a short all-in big blind from the full big blind", () => {
    const events = playHand({ 0: 1000, 1: 1000, 2: 4 }, {}, "9c 8d 4h Js 6c", [
      { type: "raise", seat: 0, amount: 30 },
      { type: "fold", seat: 1 },
      { type: "advance" },
      { type: "advance" },
      { type: "advance" },
    ]);
    const text = exportHandHistory(events, options);
    expect(text).toContain(
      "p2: posts big blind 4 and is all-in\n*** HOLE CARDS ***\np0: raises 20 to 30\np1: folds\nUncalled bet (25) returned to p0\n*** FLOP ***",
    );
    expect(text).toContain("Seat 2: p1 (small blind) folded before Flop\n");
  });

  it("names a single side pot 'side pot' and awards it before the main pot", () => {
    const events = playHand(
      { 0: 1000, 1: 1000, 2: 100 },
      { 0: "Qs Qh", 1: "As Ah", 2: "Ks Kh" },
      "2c 7d 9c 3h 4s",
      [
        { type: "raise", seat: 0, amount: 300 },
        { type: "call", seat: 1 },
        { type: "all_in", seat: 2 },
        { type: "check", seat: 1 },
        { type: "check", seat: 0 },
        { type: "check", seat: 1 },
        { type: "check", seat: 0 },
        { type: "check", seat: 1 },
        { type: "check", seat: 0 },
      ],
    );
    const text = exportHandHistory(events, options);
    expect(text).toContain("p1 collected 400 from side pot\np1 collected 270 from main pot\n");
    expect(text).toContain("Total pot 700 Main pot 270. Side pot 400. | Rake 30\n");
  });

  it("prints a leaver's fold where the action reaches them, not right after their call", () => {
    // Button 0 calls, then leaves while the small blind is to act; the big blind raises.
    const events = playHand({ 0: 500, 1: 500, 2: 500 }, {}, "9c 8d 4h Js 6c", [
      { type: "call", seat: 0 },
      { type: "leave", seat: 0 },
      { type: "call", seat: 1 },
      { type: "raise", seat: 2, amount: 40 },
      { type: "call", seat: 1 },
      { type: "check", seat: 1 },
      { type: "check", seat: 2 },
      { type: "check", seat: 1 },
      { type: "check", seat: 2 },
      { type: "check", seat: 1 },
      { type: "check", seat: 2 },
    ]);
    const text = exportHandHistory(events, options);
    expect(text).toContain(
      "p0: calls 10\np0 leaves the table\np1: calls 5\np2: raises 30 to 40\np0: folds\np1: calls 30\n*** FLOP ***",
    );
    expect(text).toContain("Seat 1: p0 (button) folded before Flop\n");
  });

  it("a leaver who owes no action folds at their turn on the next street", () => {
    const events = playHand({ 0: 500, 1: 500, 2: 500 }, {}, "9c 8d 4h Js 6c", [
      { type: "call", seat: 0 },
      { type: "call", seat: 1 },
      { type: "leave", seat: 0 },
      { type: "check", seat: 2 },
      { type: "check", seat: 1 },
      { type: "bet", seat: 2, amount: 10 },
      { type: "fold", seat: 1 },
    ]);
    const text = exportHandHistory(events, options);
    expect(text).toContain(
      "p1: calls 5\np0 leaves the table\np2: checks\n*** FLOP *** [9c 8d 4h]\np1: checks\np2: bets 10\np0: folds\np1: folds\nUncalled bet (10) returned to p2",
    );
    expect(text).toContain("Seat 1: p0 (button) folded on the Flop\n");
  });

  it("marks timeouts and folds without a chip in", () => {
    const events = playHand({ 0: 500, 1: 500, 2: 500, 3: 500 }, {}, "9c 8d 4h Js 6c", [
      { type: "timeout", seat: 3 },
      { type: "fold", seat: 0 },
      { type: "fold", seat: 1 },
    ]);
    const text = exportHandHistory(events, options);
    expect(text).toContain("p3 has timed out\np3: folds\np0: folds\n");
    expect(text).toContain("Seat 4: p3 folded before Flop (didn't bet)\n");
    expect(text).toContain("Seat 2: p1 (small blind) folded before Flop\n");
  });
});

import { describe, expect, it } from "vitest";
import { actAll, makeTable, startRigged } from "./engine/test-helpers.ts";
import type { TableAction, TableEvent } from "./engine/types.ts";
import { exportHandHistory, formatHistoryCard } from "./history.ts";

const options = { tableName: "Orion", maxPlayers: 6, startedAt: Date.UTC(2026, 3, 7, 12, 0, 0) };

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
        "PokerStars Hand #9001: Hold'em No Limit (5/10) - 2026/04/07 12:00:00 UTC",
        "Table 'Orion' 6-max Seat #1 is the button",
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
    expect(text).toContain("Seat 3: p2 (big blind) folded before Flop");
    expect(text).not.toContain("Board");
  });
});

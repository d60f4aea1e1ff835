import { describe, expect, it } from "vitest";
import { act, actAll, foldAround, makeTable, moves, startPlain, startRigged } from "./engine/test-helpers.ts";
import type { TableEvent } from "./engine/types.ts";
import { exportHandHistory, formatHistoryCard, formatHistoryTime } from "./history.ts";

const options = {
  tableName: "Orion",
  maxPlayers: 6,
  startedAt: Date.UTC(2026, 3, 7, 12, 0, 0),
  currency: "HC",
} as const;

/** One hand: seated stacks, rigged hole cards and board (the rest dealt from the deck), and its move script. */
type PlayedHand = {
  stacks: Record<number, number>;
  hole?: Record<number, string>;
  board?: string;
  script: string;
};

const THREE_SEATS = { 0: 500, 1: 500, 2: 500 };

function playHand({ stacks, hole = {}, board = "9c 8d 4h Js 6c", script }: PlayedHand): TableEvent[] {
  const started = startRigged(makeTable(stacks), hole, board);
  return [...started.events, ...actAll(started.state, moves(script)).events];
}

describe("PokerStars hand history", () => {
  it("writes cards as rank and suit letters", () => {
    expect([0, 51, 33, 42].map(formatHistoryCard)).toEqual(["2d", "Ac", "Th", "Qs"]);
  });

  it("writes a hand played to showdown, with hero cards, streets, rake and summary", () => {
    const events = playHand({
      stacks: THREE_SEATS,
      hole: { 0: "2c 3d", 1: "As Ah", 2: "Ks Kh" },
      script:
        "raise 0 30, call 1, call 2, check 1, bet 2 40, fold 0, call 1, check 1, check 2, check 1, bet 2 50, call 1",
    });
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

  it.each<{ name: string; hand: PlayedHand; lines: string[]; absent?: string[] }>([
    {
      name: "writes side pots, all-ins and the uncalled bet",
      hand: {
        stacks: { 0: 50, 1: 100, 2: 200, 3: 400 },
        hole: { 0: "As Ah", 1: "Ks Kh", 2: "Qs Qh", 3: "Js Jh" },
        board: "2c 7d 9c 3h 4s",
        script: "all_in 3, all_in 0, all_in 1, all_in 2, advance, advance, advance",
      },
      lines: [
        "p3: raises 390 to 400 and is all-in",
        "p0: calls 50 and is all-in",
        "Uncalled bet (200) returned to p3",
        "*** SHOW DOWN ***\np0: shows [As Ah] (a pair of Aces)",
        "p0 collected 173 from main pot",
        "p2 collected 200 from side pot-2",
        "Total pot 550 Main pot 173. Side pot-1 150. Side pot-2 200. | Rake 27",
        "Seat 4: p3 showed [Js Jh] and lost with a pair of Jacks",
      ],
      absent: ["Dealt to"],
    },
    {
      name: "writes a hand won without a showdown",
      hand: { stacks: THREE_SEATS, script: "raise 0 30, fold 1, fold 2" },
      lines: [
        "Uncalled bet (20) returned to p0\np0 collected 25 from pot\np0: doesn't show hand\n*** SUMMARY ***",
        "Seat 3: p2 (big blind) folded before Flop\n",
      ],
      absent: ["Board"],
    },
    {
      name: "counts a raise over a short all-in big blind from the full big blind",
      hand: { stacks: { 0: 1000, 1: 1000, 2: 4 }, script: "raise 0 30, fold 1, advance, advance, advance" },
      lines: [
        "p2: posts big blind 4 and is all-in\n*** HOLE CARDS ***\np0: raises 20 to 30\np1: folds\nUncalled bet (25) returned to p0\n*** FLOP ***",
        "Seat 2: p1 (small blind) folded before Flop\n",
      ],
    },
    {
      name: "names a single side pot 'side pot' and awards it before the main pot",
      hand: {
        stacks: { 0: 1000, 1: 1000, 2: 100 },
        hole: { 0: "Qs Qh", 1: "As Ah", 2: "Ks Kh" },
        board: "2c 7d 9c 3h 4s",
        script: "raise 0 300, call 1, all_in 2, check 1, check 0, check 1, check 0, check 1, check 0",
      },
      lines: [
        "p1 collected 400 from side pot\np1 collected 270 from main pot\n",
        "Total pot 700 Main pot 270. Side pot 400. | Rake 30\n",
      ],
    },
    {
      // Button 0 calls, then leaves while the small blind is to act; the big blind raises.
      name: "prints a leaver's fold where the action reaches them, not right after their call",
      hand: {
        stacks: THREE_SEATS,
        script:
          "call 0, leave 0, call 1, raise 2 40, call 1, check 1, check 2, check 1, check 2, check 1, check 2",
      },
      lines: [
        "p0: calls 10\np0 leaves the table\np1: calls 5\np2: raises 30 to 40\np0: folds\np1: calls 30\n*** FLOP ***",
        "Seat 1: p0 (button) folded before Flop\n",
      ],
    },
    {
      name: "a leaver who owes no action folds at their turn on the next street",
      hand: { stacks: THREE_SEATS, script: "call 0, call 1, leave 0, check 2, check 1, bet 2 10, fold 1" },
      lines: [
        "p1: calls 5\np0 leaves the table\np2: checks\n*** FLOP *** [9c 8d 4h]\np1: checks\np2: bets 10\np0: folds\np1: folds\nUncalled bet (10) returned to p2",
        "Seat 1: p0 (button) folded on the Flop\n",
      ],
    },
    {
      name: "marks timeouts and folds without a chip in",
      hand: { stacks: { 0: 500, 1: 500, 2: 500, 3: 500 }, script: "timeout 3, fold 0, fold 1" },
      lines: [
        "p3 has timed out\np3: folds\np0: folds\n",
        "Seat 4: p3 folded before Flop (didn't bet)\n",
        "Seat 2: p1 (small blind) folded before Flop\n",
      ],
    },
  ])("$name", ({ hand, lines, absent = [] }) => {
    const text = exportHandHistory(playHand(hand), options);
    for (const line of lines) expect(text).toContain(line);
    for (const line of absent) expect(text).not.toContain(line);
  });

  it("tells a walk with no small blind as the big blind collecting the pot, not as a loss of a pot of 0", () => {
    // The big blind of the first hand leaves: the next hand has a dead small blind (TDA 32).
    let state = foldAround(startPlain(makeTable({ 0: 500, 1: 500, 2: 500, 3: 500 })));
    state = act(state, { type: "leave", seat: 2 }).state;
    const started = act(state, { type: "start_hand", deck: Array.from({ length: 52 }, (_, i) => i) });
    expect(started.state.hand).toMatchObject({ smallBlindSeat: null, bigBlindSeat: 3 });
    const events = [...started.events, ...actAll(started.state, moves("fold 0, fold 1")).events];
    const lines = exportHandHistory(events, { ...options, heroSeat: 3 })
      .trim()
      .split("\n");
    expect(lines).not.toContain("Uncalled bet (10) returned to p3");
    expect(lines).toContain("p3 collected 10 from pot");
    expect(lines).toContain("Total pot 10 | Rake 0");
    expect(lines).toContain("Seat 4: p3 (big blind) collected (10)");
    expect(lines.some((line) => line.endsWith(" lost"))).toBe(false);
  });

  it("keeps the uncalled part of a walk's big blind returned when a small blind was posted", () => {
    const events = playHand({ stacks: THREE_SEATS, script: "fold 0, fold 1" });
    const lines = exportHandHistory(events, options).trim().split("\n");
    expect(lines).toContain("Uncalled bet (5) returned to p2");
    expect(lines).toContain("p2 collected 10 from pot");
    expect(lines).toContain("Seat 3: p2 (big blind) collected (10)");
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
    const events = playHand({ stacks: THREE_SEATS, script: "raise 0 30, fold 1, fold 2" });
    const text = exportHandHistory(events, { ...options, currency: "AMINA", unitsPerChip: 1000 });
    expect(text).toMatch(/^PokerStars Hand #1: {2}Hold'em No Limit \(0\.005\/0\.01 AMINA\) - /);
    expect(text).toContain("Table 'Orion' 6-max Seat #1 is the button\n");
    expect(text).toContain("Seat 1: p0 (0.5 in chips)\n");
    expect(text).toContain("p0: raises 0.02 to 0.03\n");
    expect(text).toContain("Total pot 0.025 | Rake 0\n");
    expect(() => exportHandHistory(events, { ...options, currency: "AMINA" })).toThrow();
  });
});

describe("PokerStars tournament hand history", () => {
  it("prints the tournament header, bare tournament chips and the antes before the blinds", () => {
    const started = startRigged(
      makeTable({ 0: 500, 1: 500, 2: 8 }, { ante: 10, rakeBasisPoints: 0 }),
      {},
      "",
    );
    const events = [
      ...started.events,
      // The small blind covers the all-in ante: nothing to call, the board runs out.
      ...actAll(started.state, moves("fold 0, advance, advance, advance")).events,
    ];
    const tournament = { id: "1764068400123", buyIn: "10", fee: "1", currency: "HC", level: 4 } as const;
    const text = exportHandHistory(events, { ...options, handId: 77, tournament });
    expect(text.split("\n").slice(0, 11)).toEqual([
      "PokerStars Hand #77: Tournament #1764068400123, 10+1 HC Hold'em No Limit - Level IV (5/10) - 2026/04/07 12:00:00 UTC [2026/04/07 8:00:00 ET]",
      "Table '1764068400123 1' 6-max Seat #1 is the button",
      "Seat 1: p0 (500 in chips)",
      "Seat 2: p1 (500 in chips)",
      "Seat 3: p2 (8 in chips)",
      "p0: posts the ante 10",
      "p1: posts the ante 10",
      "p2: posts the ante 8 and is all-in",
      "p1: posts small blind 5",
      "*** HOLE CARDS ***",
      "p0: folds",
    ]);
    const lines = text.split("\n");
    expect(lines).toContain("p1 collected 4 from side pot");
    expect(lines).toContain("p2 collected 24 from main pot");
    expect(lines).toContain("Total pot 28 Main pot 24. Side pot 4. | Rake 0");
    expect(lines).toContain("Seat 1: p0 (button) folded before Flop (didn't bet)");
  });
});

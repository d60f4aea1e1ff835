import { describe, expect, it } from "vitest";
import { makePlayer, makeTable } from "../table/testTables.ts";
import { observeHand, readHandPositions } from "./observedHand.ts";

const a = { rank: "A", suit: "spades" };
const k = { rank: "K", suit: "hearts" };
const q = { rank: "Q", suit: "clubs" };
const j = { rank: "J", suit: "diamonds" };

describe("observeHand", () => {
  it("records the button, the dealt-in seats and the viewer's cards", () => {
    const snapshot = makeTable({
      handNumber: 4,
      gamePhase: "preflop",
      dealerSeat: 2,
      players: [
        makePlayer(0, { inHand: true, holeCards: [a, k] }),
        makePlayer(2, { inHand: true }),
        makePlayer(5),
      ],
    });
    expect(observeHand(undefined, snapshot, "u0")).toEqual({
      handNumber: 4,
      buttonSeat: 2,
      dealtSeats: [0, 2],
      board: [],
      holeCards: [{ seat: 0, cards: [a, k] }],
      viewerPlayed: true,
      root: "",
      seedHash: "",
    });
  });

  it("keeps cards seen earlier and adds the board and cards shown at showdown", () => {
    const dealt = makeTable({
      handNumber: 4,
      gamePhase: "preflop",
      deckRoot: "r4",
      deckCommitment: "h4",
      dealerSeat: 2,
      players: [makePlayer(0, { inHand: true, holeCards: [a, k] }), makePlayer(2, { inHand: true })],
    });
    const shown = makeTable({
      handNumber: 4,
      dealerSeat: 2,
      communityCards: [q, j, a],
      players: [
        makePlayer(0, { inHand: true, holeCards: [a, k] }),
        makePlayer(2, { inHand: true, cardsShown: true, holeCards: [q, j] }),
      ],
    });
    const record = observeHand(observeHand(undefined, dealt, "u0"), shown, "u0")!;
    expect(record.board).toEqual([q, j, a]);
    expect(record).toMatchObject({ root: "r4", seedHash: "h4" });
    // Between hands the next hand's commitment is out under the old hand number: not this hand's.
    const between = makeTable({
      handNumber: 4,
      dealerSeat: 2,
      gamePhase: "waiting",
      deckRoot: "r5",
      deckCommitment: "h5",
    });
    expect(observeHand(undefined, between, "u0")).toMatchObject({ root: "", seedHash: "" });
    expect(observeHand(record, between, "u0")).toMatchObject({ root: "r4", seedHash: "h4" });
    expect(record.holeCards).toEqual([
      { seat: 0, cards: [a, k] },
      { seat: 2, cards: [q, j] },
    ]);
  });

  it("starts a fresh record for a new hand and ignores tables with no hand yet", () => {
    const first = observeHand(
      undefined,
      makeTable({
        handNumber: 1,
        dealerSeat: 0,
        communityCards: [a, k, q],
        players: [makePlayer(0, { inHand: true })],
      }),
      "u9",
    )!;
    const second = observeHand(
      first,
      makeTable({ handNumber: 2, dealerSeat: 1, players: [makePlayer(1, { inHand: true })] }),
      "u9",
    )!;
    expect(second).toMatchObject({
      handNumber: 2,
      buttonSeat: 1,
      board: [],
      dealtSeats: [1],
      viewerPlayed: false,
    });
    expect(observeHand(undefined, makeTable(), "u0")).toBeUndefined();
  });
});

describe("readHandPositions", () => {
  it("reads the button and dealt-in seats from the stored hand's events", () => {
    const record = {
      events: [
        { type: "player_sat" },
        { type: "hand_started", buttonSeat: 3, players: [{ seat: 1 }, { seat: 3 }] },
      ],
    };
    expect(readHandPositions(record)).toEqual({ buttonSeat: 3, dealtSeats: [1, 3] });
    expect(readHandPositions({ events: [] })).toBeNull();
    expect(readHandPositions(null)).toBeNull();
  });
});

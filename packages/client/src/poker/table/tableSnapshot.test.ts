import { describe, expect, it } from "vitest";
import {
  canOfferStartHand,
  findMyPlayer,
  isMyTurn,
  isShowingResult,
  nameOfPlayer,
  readCoinAmount,
  readRestTable,
  readRoomState,
  withSeenActions,
} from "./tableSnapshot.ts";
import { makePlayer, makeTable, makeTableView } from "./testTables.ts";

describe("readCoinAmount", () => {
  it.each([
    [0.03999999910593033, 0.04],
    [0.20000000298023224, 0.2],
    [50, 50],
    ["x", 0],
  ])("rounds the 32-bit float coin amount %s back to its decimals: %s", (raw, coins) => {
    expect(readCoinAmount(raw)).toBe(coins);
  });

  it("is applied to the buy-in range of the room state", () => {
    const snapshot = readRoomState({ buyInMin: 0.03999999910593033, buyInMax: 0.20000000298023224 });
    expect([snapshot.buyInMin, snapshot.buyInMax]).toEqual([0.04, 0.2]);
  });
});

describe("readRoomState", () => {
  it("reads the room's players map into a list by seat, with hidden cards empty", () => {
    const snapshot = readRoomState({
      id: "t1",
      gamePhase: "flop",
      players: {
        "3": { userId: "b", seatPosition: 3, chipCount: 90, displayName: "Bo" },
        "1": { userId: "a", seatPosition: 1, chipCount: 80, holeCards: [{ rank: "A", suit: "spades" }] },
      },
      communityCards: [{ rank: "2", suit: "hearts" }],
      legalActions: { seat: 1, canFold: true, canCall: true, callAmount: 4 },
      lastClientSeeds: ["x", "y"],
    });
    expect(snapshot.players.map((p) => p.seatPosition)).toEqual([1, 3]);
    expect(snapshot.players[1]!.holeCards).toEqual([]);
    expect(snapshot.players[0]!.holeCards).toEqual([{ rank: "A", suit: "spades" }]);
    expect(snapshot.legalActions).toMatchObject({ seat: 1, canCall: true, callAmount: 4, canRaise: false });
    expect(snapshot.dealerSeat).toBe(-1);
    expect(snapshot.lastClientSeeds).toEqual(["x", "y"]);
  });
});

describe("readRestTable", () => {
  it("flattens the last hand and reads null legal actions as nobody to act", () => {
    const snapshot = readRestTable(
      makeTableView({
        id: "t1",
        players: [{ ...makePlayer(0, { userId: "a" }), holeCards: [] }],
        legalActions: null,
        lastHand: { handId: 17, handNumber: 4, deckHash: "cd", deckRoot: "ef", clientSeeds: ["s"] },
      }),
    );
    expect(snapshot.legalActions.seat).toBe(-1);
    expect(snapshot).toMatchObject({
      lastHandId: "17",
      lastHandNumber: 4,
      lastRevealedCommitment: "cd",
      lastDeckRoot: "ef",
      lastClientSeeds: ["s"],
    });
  });
});

describe("table selectors", () => {
  const me = makePlayer(2);

  it("finds the viewer and knows whose turn it is", () => {
    const table = makeTable({
      players: [makePlayer(0), me],
      toActSeat: 2,
      legalActions: { ...makeTable().legalActions, seat: 2 },
    });
    expect(findMyPlayer(table, "u2")).toEqual(me);
    expect(findMyPlayer(table, null)).toBeNull();
    expect(isMyTurn(table, me)).toBe(true);
    expect(isMyTurn(table, makePlayer(0))).toBe(false);
  });

  it("offers Start Hand only while waiting with two or more seated, to a seated viewer", () => {
    expect(canOfferStartHand(makeTable({ players: [me, makePlayer(4)] }), me)).toBe(true);
    expect(canOfferStartHand(makeTable({ players: [me] }), me)).toBe(false);
    expect(canOfferStartHand(makeTable({ players: [me, makePlayer(4)], gamePhase: "preflop" }), me)).toBe(
      false,
    );
    expect(canOfferStartHand(makeTable({ players: [me, makePlayer(4)] }), null)).toBe(false);
  });

  it("names bots by their bot name and shows a finished hand's result while waiting", () => {
    expect(nameOfPlayer(makePlayer(1, { isBot: true, botName: "Nova" }))).toBe("Nova");
    expect(isShowingResult(makeTable({ winners: [{ seat: 0, potIndex: 0, amount: 4, handName: "" }] }))).toBe(
      true,
    );
    expect(isShowingResult(makeTable())).toBe(false);
  });
});

describe("withSeenActions", () => {
  const action = (seq: number, seat: number, act: string) => ({
    seq,
    seat,
    action: act,
    amount: 0,
    to: 0,
    allIn: false,
    street: "preflop",
  });
  /** The room state of hand `handNumber` whose latest action is `latest`. */
  const patch = (handNumber: number, latest: ReturnType<typeof action>) =>
    readRoomState({
      id: "t1",
      handNumber,
      actionSeq: latest.seq,
      actionSeat: latest.seat,
      actionType: latest.action,
      actionAmount: latest.amount,
      actionTo: latest.to,
      actionAllIn: latest.allIn,
      actionStreet: latest.street,
    });

  it("keeps the hand's actions in the order the patches told them, once each, and starts anew with a hand", () => {
    const first = withSeenActions(null, patch(1, action(4, 0, "call")));
    // Before the first snapshot nothing was seen: what it holds is older than this client.
    expect(first.handActions).toEqual([]);
    const second = withSeenActions(first, patch(1, action(5, 1, "check")));
    const same = withSeenActions(second, patch(1, action(5, 1, "check")));
    const third = withSeenActions(same, patch(1, action(6, 0, "fold")));
    expect(third.handActions.map((a) => [a.seq, a.action])).toEqual([
      [5, "check"],
      [6, "fold"],
    ]);
    // The next hand is dealt with the last action still the latest: the list starts empty.
    const dealt = withSeenActions(third, patch(2, action(6, 0, "fold")));
    expect(dealt.handActions).toEqual([]);
    expect(withSeenActions(dealt, patch(2, action(7, 1, "call"))).handActions.map((a) => a.seq)).toEqual([7]);
  });
});

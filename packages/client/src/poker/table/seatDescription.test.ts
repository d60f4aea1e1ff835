import { describe, expect, it } from "vitest";
import { describeSeat, initialsOf, positionMarkers, stateTags } from "./seatDescription.ts";
import { makePlayer, makeTable } from "./testTables.ts";

describe("seat descriptions", () => {
  const table = makeTable({
    gamePhase: "flop",
    dealerSeat: 1,
    smallBlindSeat: 2,
    bigBlindSeat: 3,
    toActSeat: 2,
  });

  it("lists the position markers of a seat", () => {
    expect(positionMarkers(table, 1)).toEqual(["D"]);
    expect(positionMarkers(table, 3)).toEqual(["BB"]);
    expect(positionMarkers(makeTable({ dealerSeat: 0, smallBlindSeat: 0, bigBlindSeat: 1 }), 0)).toEqual([
      "D",
      "SB",
    ]);
  });

  it("describes the viewer's seat with their cards and the turn", () => {
    const me = makePlayer(2, {
      displayName: "Ada",
      chipCount: 480,
      currentBet: 20,
      inHand: true,
      holeCards: [
        { rank: "Q", suit: "hearts" },
        { rank: "9", suit: "clubs" },
      ],
    });
    expect(describeSeat(table, 2, me, true)).toBe(
      "Seat 3, Ada (you), 480 chips, bet 20, small blind, to act, cards Queen of hearts, 9 of clubs",
    );
  });

  it("says an opponent's cards are face down, and names empty seats and bots", () => {
    const bot = makePlayer(4, { isBot: true, botName: "Nova", inHand: true });
    expect(describeSeat(table, 4, bot, false)).toBe("Seat 5, Nova, bot, 100 chips, cards face down");
    expect(describeSeat(table, 5, undefined, false)).toBe("Seat 6, empty");
  });

  it("tags folded, all-in, sitting-out and disconnected players", () => {
    const p = makePlayer(0, { hasFolded: true, isSittingOut: true, isConnected: false });
    expect(stateTags(table, p)).toEqual(["Folded", "Sitting out", "Away"]);
    expect(stateTags(table, makePlayer(0, { isAllIn: true }))).toEqual(["All-in"]);
  });

  it("makes two-letter initials", () => {
    expect(initialsOf("Ada Lovelace")).toBe("AL");
    expect(initialsOf("cosmic_AB12CD34")).toBe("CA");
    expect(initialsOf("Anonymous")).toBe("AN");
    expect(initialsOf("")).toBe("?");
  });
});

import { describe, expect, it } from "vitest";
import { readVerifyForm } from "../../verify/verifyParams.ts";
import { makeTable } from "../table/testTables.ts";
import { KEPT_FINISHED_HANDS, recordFinishedHand } from "./finishedHands.ts";
import type { ObservedHand } from "./observedHand.ts";

const watched: ObservedHand = {
  handNumber: 4,
  buttonSeat: 0,
  dealtSeats: [0, 2],
  board: [
    { rank: "2", suit: "diamonds" },
    { rank: "A", suit: "clubs" },
    { rank: "10", suit: "hearts" },
  ],
  holeCards: [
    {
      seat: 2,
      cards: [
        { rank: "K", suit: "spades" },
        { rank: "hidden", suit: "hidden" },
      ],
    },
  ],
  viewerPlayed: true,
  root: "r4",
  seedHash: "h4",
};

/** The query of a list entry's Verify link, as the verifier page reads it. */
function formOf(href: string) {
  return readVerifyForm(new URL(href, "http://casino.test").searchParams);
}

describe("recordFinishedHand", () => {
  it("links a watched hand with the roots and cards this page saw (unreadable faces left out)", () => {
    const [hand] = recordFinishedHand([], makeTable({ lastHandId: "17", lastHandNumber: 4 }), watched);
    expect(hand).toMatchObject({ handId: "17", handNumber: 4, watched: true });
    expect(formOf(hand!.verifyHref)).toMatchObject({
      game: "poker",
      handId: "17",
      hash: "r4",
      seedHash: "h4",
      board: "0,51,33",
      holes: "2:46",
    });
  });

  it("links a hand not watched from here by its id alone", () => {
    const [hand] = recordFinishedHand([], makeTable({ lastHandId: "17", lastHandNumber: 5 }), watched);
    expect(hand).toMatchObject({ watched: false, verifyHref: "/verify?game=poker&handId=17" });
  });

  it("keeps the newest hands first, each once, and no hand before the first one ends", () => {
    expect(recordFinishedHand([], makeTable({ lastHandId: "", lastHandNumber: 0 }), undefined)).toEqual([]);
    let list = recordFinishedHand([], makeTable({ lastHandId: "1", lastHandNumber: 1 }), undefined);
    const same = recordFinishedHand(list, makeTable({ lastHandId: "1", lastHandNumber: 1 }), undefined);
    expect(same).toBe(list);
    for (let n = 2; n <= KEPT_FINISHED_HANDS + 2; n++)
      list = recordFinishedHand(list, makeTable({ lastHandId: String(n), lastHandNumber: n }), undefined);
    expect(list.map((hand) => hand.handId)).toEqual(["7", "6", "5", "4", "3"]);
  });
});

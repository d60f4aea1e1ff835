import {
  buildDeckCommitment,
  type HandOpening,
  hashHandSeed,
  openHand,
  shuffleHandDeck,
} from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { checkPokerOpening } from "./pokerOpeningCheck.ts";
import type { SeenCards } from "./pokerSeenCards.ts";

/** The hand: its seed, the three players' client seeds and its number. */
const HAND = { handSeed: "3c".repeat(32), clientSeeds: ["alpha", "beta", "gamma"], handNumber: 1 };
const DECK = shuffleHandDeck(HAND.handSeed, HAND.clientSeeds, HAND.handNumber);
const PUBLISHED = {
  root: buildDeckCommitment(HAND.handSeed, DECK).root,
  seedHash: hashHandSeed(HAND.handSeed),
};
const NOTHING_SEEN: SeenCards = { board: [], holeCards: {} };

/** Seat 0's opening of a three-handed hand that reached the river, seat 4 shown. */
function makeOpening(): HandOpening {
  return openHand({
    ...HAND,
    dealOrder: [2, 4, 0],
    boardLength: 5,
    shownSeats: [4],
    ownSeat: 0,
  });
}

/** What seat 0 saw at the table: the board, its own cards and seat 4's shown hand. */
function seenBySeat0(opening: HandOpening): SeenCards {
  const cards = (proofs: { card: number }[]) => proofs.map((p) => p.card);
  return {
    board: cards(opening.board),
    holeCards: { 0: cards(opening.own!.proofs), 4: cards(opening.shown[0]!.proofs) },
  };
}

describe("checkPokerOpening", () => {
  it("passes every item when the roots and the nine cards seen are the ones opened", () => {
    const opening = makeOpening();
    expect(checkPokerOpening(opening, PUBLISHED, seenBySeat0(opening))).toMatchObject({
      valid: true,
      proofsValid: true,
      rootMatches: true,
      seedHashMatches: true,
      seenMatch: true,
      seenCount: 9,
      ownSeat: 0,
    });
  });

  it("checks the proofs alone when the link carries nothing seen, leaving the comparisons open", () => {
    const verdict = checkPokerOpening(makeOpening(), { root: "", seedHash: "" }, NOTHING_SEEN);
    expect(verdict).toMatchObject({ valid: true, rootMatches: null, seedHashMatches: null, seenMatch: null });
    expect(verdict.board).toHaveLength(5);
  });

  it("fails on a root other than the one published before the deal, naming it", () => {
    const verdict = checkPokerOpening(makeOpening(), { ...PUBLISHED, root: "ab".repeat(32) }, NOTHING_SEEN);
    expect(verdict).toMatchObject({
      valid: false,
      proofsValid: true,
      rootMatches: false,
      seedHashMatches: true,
    });
    expect(verdict.problems.join(" ")).toContain("root differs");
  });

  it("fails when a card seen at the table is not the one opened", () => {
    const opening = makeOpening();
    const seen = seenBySeat0(opening);
    const own = seen.holeCards[0]!;
    const swapped = { ...seen, holeCards: { ...seen.holeCards, 0: [own[0]!, (own[1]! + 1) % 52] } };
    const verdict = checkPokerOpening(opening, PUBLISHED, swapped);
    expect(verdict).toMatchObject({ valid: false, proofsValid: true, rootMatches: true, seenMatch: false });
    expect(verdict.problems.join(" ")).toContain("Seat 0: the hole cards differ");
  });
});

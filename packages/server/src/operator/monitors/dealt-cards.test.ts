import { shuffleHandDeck, type TableEvent } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { playCheckedHand } from "../test-helpers.ts";
import { findDealtCardMismatch } from "./dealt-cards.ts";

describe("checking dealt cards against the revealed deck", () => {
  const hand = playCheckedHand("5a".repeat(32));
  const deck = shuffleHandDeck(hand.handSeed, hand.clientSeeds, hand.handNumber);

  it("accepts a hand the engine dealt from the committed deck, board included", () => {
    expect(hand.events.filter((e) => e.type === "street_dealt")).toHaveLength(3);
    expect(findDealtCardMismatch(hand.events, deck)).toBeNull();
  });

  it("finds a swapped hole card and a swapped board card", () => {
    const swapHole = hand.events.map(
      (e): TableEvent =>
        e.type === "hole_cards_dealt" && e.seat === 2 ? { ...e, cards: [e.cards[1]!, e.cards[0]!] } : e,
    );
    expect(findDealtCardMismatch(swapHole, deck)).toBe("seat 2 hole cards differ from the deck");
    const otherRiver = hand.events.map(
      (e): TableEvent =>
        e.type === "street_dealt" && e.street === "river" ? { ...e, cards: [deck[51]!] } : e,
    );
    expect(findDealtCardMismatch(otherRiver, deck)).toBe("board card 5 differs from the deck");
  });

  it("refuses a deck from another seed", () => {
    const otherDeck = shuffleHandDeck("6b".repeat(32), hand.clientSeeds, hand.handNumber);
    expect(findDealtCardMismatch(hand.events, otherDeck)).not.toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { cardFace, cardFromFloat, shuffleDeck } from "./cards.ts";

describe("52-card order", () => {
  it("starts at the two of diamonds and ends at the ace of clubs", () => {
    expect(cardFace(0)).toEqual({ rank: "2", suit: "diamonds" });
    expect(cardFace(1)).toEqual({ rank: "2", suit: "hearts" });
    expect(cardFace(51)).toEqual({ rank: "A", suit: "clubs" });
    expect(cardFace(cardFromFloat(0.999999))).toEqual({ rank: "A", suit: "clubs" });
  });

  it("shuffles into a permutation of all 52 cards", () => {
    let x = 0.123;
    const deck = shuffleDeck(() => {
      x = (x * 9301 + 0.49297) % 1;
      return x;
    });
    expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });

  it("leaves the order untouched when every float is just below 1", () => {
    expect(shuffleDeck(() => 0.9999999)).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });
});

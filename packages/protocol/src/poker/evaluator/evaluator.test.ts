import { describe, expect, it } from "vitest";
import { createSeededRandom, drawDistinctCards } from "../seeded-random.ts";
import {
  CATEGORY_FIRST_RANK,
  categoryOfRank,
  describeHand,
  handCategoryName,
  handCategoryOf,
} from "./describe.ts";
import {
  evaluate5,
  evaluate7,
  evaluateHand,
  evaluatePartialWith,
  evaluatePartialWith2,
  startPartialHand,
} from "./evaluate.ts";
import { categoryOfCode, classCodeByRank, forEachRankMultiset, HAND_CLASS_COUNT } from "./hand-classes.ts";
import { RANK_KEYS } from "./tables.ts";

/** A slow, obviously-correct score of five cards: category * 13^5 + tie-break ranks in base 13. */
function referenceScore5(cards: readonly number[]): number {
  const ranks = cards.map((c) => Math.floor(c / 4));
  const isFlush = cards.every((c) => c % 4 === cards[0]! % 4);
  const countOf = new Map<number, number>();
  for (const r of ranks) countOf.set(r, (countOf.get(r) ?? 0) + 1);
  const groups = [...countOf.entries()].sort((x, y) => y[1] - x[1] || y[0] - x[0]);
  const shape = groups.map((g) => g[1]).join("");
  const distinct = [...countOf.keys()].sort((x, y) => y - x);
  let straightTop = -1;
  if (distinct.length === 5 && distinct[0]! - distinct[4]! === 4) straightTop = distinct[0]!;
  if (distinct.join() === "12,3,2,1,0") straightTop = 3;
  let category: number;
  let tieBreak = groups.map((g) => g[0]);
  if (straightTop >= 0) tieBreak = [straightTop];
  if (straightTop >= 0 && isFlush) category = 8;
  else if (shape === "41") category = 7;
  else if (shape === "32") category = 6;
  else if (isFlush) category = 5;
  else if (straightTop >= 0) category = 4;
  else if (shape === "311") category = 3;
  else if (shape === "221") category = 2;
  else if (shape === "2111") category = 1;
  else category = 0;
  let score = category;
  for (let i = 0; i < 5; i++) score = score * 13 + (tieBreak[i] ?? 0);
  return score;
}

/** The best reference score over every five-card subset. */
function referenceBest(cards: readonly number[]): number {
  let best = -1;
  const n = cards.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++)
          for (let e = d + 1; e < n; e++) {
            best = Math.max(best, referenceScore5([cards[a]!, cards[b]!, cards[c]!, cards[d]!, cards[e]!]));
          }
  return best;
}

const FIVE_CARD_CATEGORY_COUNTS = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40];

/** Evaluates all 2,598,960 five-card hands once, shared by the tests below. */
function enumerateFiveCardHands(): { categoryCounts: number[]; rankByReference: Map<number, number> } {
  const categoryCounts = new Array<number>(9).fill(0);
  const rankByReference = new Map<number, number>();
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++)
          for (let e = d + 1; e < 52; e++) {
            const rank = evaluate5(a, b, c, d, e);
            categoryCounts[categoryOfRank(rank)]!++;
            // One hand in 16 is checked against the reference; together they reach every class.
            if (((a * 7 + b * 5 + c * 3 + d + e) & 15) === 0 || rank > 5853) {
              const ref = referenceScore5([a, b, c, d, e]);
              const known = rankByReference.get(ref);
              if (known !== undefined && known !== rank)
                throw new Error(`reference ${ref} maps to ${known} and ${rank}`);
              rankByReference.set(ref, rank);
            }
          }
  return { categoryCounts, rankByReference };
}

const fiveCard = enumerateFiveCardHands();

describe("rank keys", () => {
  it("give every multiset of up to seven ranks (at most four each) its own sum", () => {
    const sums = new Set<number>();
    let count = 0;
    forEachRankMultiset(0, 7, RANK_KEYS, (key) => {
      sums.add(key);
      count++;
    });
    expect(count).toBe(76155);
    expect(sums.size).toBe(count);
  });
});

describe("five-card enumeration", () => {
  it("counts every category exactly over all 2,598,960 hands", () => {
    expect(fiveCard.categoryCounts).toEqual(FIVE_CARD_CATEGORY_COUNTS);
    expect(fiveCard.categoryCounts.reduce((x, y) => x + y, 0)).toBe(2598960);
  });

  it("has exactly 7,462 distinct ranks, ordered as the reference orders them", () => {
    const pairs = [...fiveCard.rankByReference.entries()].sort((x, y) => x[0] - y[0]);
    expect(pairs.length).toBe(HAND_CLASS_COUNT);
    expect(pairs.map((p) => p[1])).toEqual(Array.from({ length: HAND_CLASS_COUNT }, (_, i) => i + 1));
  });

  it("puts 7-5-4-3-2 offsuit at rank 1 and the royal flush at rank 7462", () => {
    expect(evaluate5(20, 12, 9, 6, 1)).toBe(1);
    expect(evaluate5(51, 47, 43, 39, 35)).toBe(7462);
    expect(evaluate5(48, 0, 4, 8, 13)).toBe(5854);
  });
});

describe("seven-card evaluation", () => {
  const random = createSeededRandom(20260407);

  it("matches the best of 21 five-card subsets on 20,000 random hands", () => {
    for (let i = 0; i < 20000; i++) {
      const cards = drawDistinctCards(random, 7);
      const expected = fiveCard.rankByReference.get(referenceBest(cards));
      const [a, b, c, d, e, f, g] = cards as [number, number, number, number, number, number, number];
      expect(evaluate7(a, b, c, d, e, f, g), cards.join()).toBe(expected);
    }
  });

  it("matches the reference on 6-card hands and on every card order", () => {
    for (let i = 0; i < 5000; i++) {
      const cards = drawDistinctCards(random, 6);
      expect(evaluateHand(cards)).toBe(fiveCard.rankByReference.get(referenceBest(cards)));
      expect(evaluateHand([...cards].reverse())).toBe(evaluateHand(cards));
    }
  });

  it("finds flushes and straight flushes hidden among seven cards", () => {
    // A-K-Q-J-10 of hearts with two more hearts: royal flush.
    expect(evaluateHand([49, 45, 41, 37, 33, 1, 5])).toBe(7462);
    // Six spades without a straight and a pair: flush, Ace high.
    expect(describeHand(evaluateHand([50, 42, 34, 22, 14, 6, 51]))).toBe("a flush, Ace high");
    // Wheel straight flush in clubs beside an offsuit six.
    expect(describeHand(evaluateHand([51, 3, 7, 11, 15, 16, 40]))).toBe("a straight flush, Ace to Five");
  });

  it("gives the same rank incrementally, with the board summed once", () => {
    for (let i = 0; i < 5000; i++) {
      const cards = drawDistinctCards(random, 7);
      const board = startPartialHand(cards.slice(0, 5));
      const whole = evaluateHand(cards);
      expect(evaluatePartialWith2(board, cards[5]!, cards[6]!)).toBe(whole);
      expect(evaluatePartialWith(startPartialHand(cards.slice(0, 3)), cards.slice(3))).toBe(whole);
      expect(evaluatePartialWith2(startPartialHand(cards.slice(0, 3)), cards[3]!, cards[4]!)).toBe(
        evaluateHand(cards.slice(0, 5)),
      );
    }
  });

  it("refuses hands of the wrong size", () => {
    expect(() => evaluateHand([1, 2, 3, 4])).toThrow();
    expect(() => evaluateHand([1, 2, 3, 4, 5, 6, 7, 8])).toThrow();
  });
});

describe("hand names", () => {
  it("keeps category boundaries in step with the class table", () => {
    const codes = classCodeByRank();
    for (let rank = 1; rank <= HAND_CLASS_COUNT; rank++) {
      expect(categoryOfRank(rank)).toBe(categoryOfCode(codes[rank]!));
    }
    expect(CATEGORY_FIRST_RANK.map((r) => categoryOfRank(r - 1))).toEqual([0, 0, 1, 2, 3, 4, 5, 6, 7]);
    expect([1, 1278, 5854, 7462].map(handCategoryOf)).toEqual([
      "high_card",
      "pair",
      "straight",
      "straight_flush",
    ]);
  });

  it.each([
    [[51, 47, 43, 39, 35], "a Royal Flush", "Straight Flush"],
    [[48, 49, 50, 51, 0], "four of a kind, Aces", "Four of a Kind"],
    [[44, 45, 46, 12, 13], "a full house, Kings full of Fives", "Full House"],
    [[48, 1, 4, 8, 12], "a straight, Ace to Five", "Straight"],
    [[32, 36, 40, 44, 49], "a straight, Ten to Ace", "Straight"],
    [[0, 1, 2, 20, 30], "three of a kind, Deuces", "Three of a Kind"],
    [[48, 49, 32, 33, 5], "two pair, Aces and Tens", "Two Pair"],
    [[36, 37, 0, 5, 10], "a pair of Jacks", "Pair"],
    [[44, 37, 25, 10, 1], "high card King", "High Card"],
  ])("names %j as %s", (cards, name, category) => {
    const rank = evaluateHand(cards);
    expect(describeHand(rank)).toBe(name);
    expect(handCategoryName(rank)).toBe(category);
  });
});

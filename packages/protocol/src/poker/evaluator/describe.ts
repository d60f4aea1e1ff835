/** Hand categories and human names of hand ranks, worded as PokerStars hand histories word them. */
import {
  categoryOfCode,
  classCodeByRank,
  HAND_CATEGORIES,
  HAND_CATEGORY_NAMES,
  type HandCategory,
  ranksOfCode,
} from "./hand-classes.ts";

/** The lowest hand rank of each category (index = category number), for constant-time category checks. */
export const CATEGORY_FIRST_RANK = [1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453] as const;

/** Category number (0 = high card .. 8 = straight flush) of a hand rank. */
export function categoryOfRank(rank: number): number {
  let category = 8;
  while (category > 0 && rank < CATEGORY_FIRST_RANK[category]!) category--;
  return category;
}

/** Category id of a hand rank, e.g. "full_house". */
export function handCategoryOf(rank: number): HandCategory {
  return HAND_CATEGORIES[categoryOfRank(rank)]!;
}

/** Category display name of a hand rank, e.g. "Full House". */
export function handCategoryName(rank: number): string {
  return HAND_CATEGORY_NAMES[categoryOfRank(rank)]!;
}

const RANK_NAMES = [
  "Deuce",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Jack",
  "Queen",
  "King",
  "Ace",
];
const RANK_PLURALS = [
  "Deuces",
  "Threes",
  "Fours",
  "Fives",
  "Sixes",
  "Sevens",
  "Eights",
  "Nines",
  "Tens",
  "Jacks",
  "Queens",
  "Kings",
  "Aces",
];

/** Name of a card rank index (0 = deuce .. 12 = ace), e.g. "Queen". */
export function rankName(rankIndex: number): string {
  return RANK_NAMES[rankIndex] ?? "?";
}

/** Plural name of a card rank index, e.g. "Queens". */
export function rankPlural(rankIndex: number): string {
  return RANK_PLURALS[rankIndex] ?? "?";
}

/** The lowest card of a straight from its top card (3 means the wheel, Ace to Five). */
function straightLow(top: number): number {
  return top === 3 ? 12 : top - 4;
}

/** A hand rank in words, e.g. "a full house, Kings full of Fives" or "two pair, Aces and Tens". */
export function describeHand(rank: number): string {
  const code = classCodeByRank()[rank];
  if (code === undefined || rank < 1) throw new Error(`bad hand rank ${rank}`);
  const [r1, r2] = ranksOfCode(code) as [number, number];
  switch (categoryOfCode(code)) {
    case 8:
      return r1 === 12
        ? "a Royal Flush"
        : `a straight flush, ${rankName(straightLow(r1))} to ${rankName(r1)}`;
    case 7:
      return `four of a kind, ${rankPlural(r1)}`;
    case 6:
      return `a full house, ${rankPlural(r1)} full of ${rankPlural(r2)}`;
    case 5:
      return `a flush, ${rankName(r1)} high`;
    case 4:
      return `a straight, ${rankName(straightLow(r1))} to ${rankName(r1)}`;
    case 3:
      return `three of a kind, ${rankPlural(r1)}`;
    case 2:
      return `two pair, ${rankPlural(r1)} and ${rankPlural(r2)}`;
    case 1:
      return `a pair of ${rankPlural(r1)}`;
    default:
      return `high card ${rankName(r1)}`;
  }
}

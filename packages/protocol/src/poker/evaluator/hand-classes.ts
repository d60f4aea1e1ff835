/**
 * The 7,462 distinct five-card hand classes, ordered from the worst (7-5-4-3-2 offsuit, rank 1) to
 * the best (royal flush, rank 7462), each with a sortable code: category, then up to five rank
 * digits (0 = deuce .. 12 = ace) most significant first.
 */

/** Hand categories from worst to best; the index is the category number. */
export const HAND_CATEGORIES = [
  "high_card",
  "pair",
  "two_pair",
  "three_of_a_kind",
  "straight",
  "flush",
  "full_house",
  "four_of_a_kind",
  "straight_flush",
] as const;
/** A hand category id, e.g. "full_house". */
export type HandCategory = (typeof HAND_CATEGORIES)[number];

/** Display names of the categories, in the same order, for tables, logs and the UI. */
export const HAND_CATEGORY_NAMES = [
  "High Card",
  "Pair",
  "Two Pair",
  "Three of a Kind",
  "Straight",
  "Flush",
  "Full House",
  "Four of a Kind",
  "Straight Flush",
] as const;

/** Number of distinct five-card hand classes: the best hand has this rank. */
export const HAND_CLASS_COUNT = 7462;

/** Appends the `count` highest ranks of `mask` as digits to a code holding `digits` digits, padded to five. */
function withTopRanks(code: number, digits: number, mask: number, count: number): number {
  let c = code;
  let m = mask;
  for (let i = 0; i < count; i++) {
    const r = 31 - Math.clz32(m);
    c = c * 16 + r;
    m &= ~(1 << r);
  }
  for (let i = digits + count; i < 5; i++) c *= 16;
  return c;
}

/** The highest rank index in a non-empty 13-bit rank mask. */
function topRank(mask: number): number {
  return 31 - Math.clz32(mask);
}

/** The category of a packed class code. */
export function categoryOfCode(code: number): number {
  return Math.floor(code / 0x100000);
}

/** The five rank digits of a packed class code, most significant first. */
export function ranksOfCode(code: number): number[] {
  return [16, 12, 8, 4, 0].map((shift) => (code >>> shift) & 15);
}

/** The top card of the highest straight in a 13-bit rank mask (3 for the wheel), or -1. */
export function topOfStraight(mask: number): number {
  for (let top = 12; top >= 4; top--) {
    const run = 0b11111 << (top - 4);
    if ((mask & run) === run) return top;
  }
  return (mask & 0b1000000001111) === 0b1000000001111 ? 3 : -1;
}

/** The class code of the best five of cards that share one suit, given their 13-bit rank mask (5+ bits). */
export function codeOfSuitedMask(mask: number): number {
  const top = topOfStraight(mask);
  if (top >= 0) return withTopRanks(8 * 16 + top, 1, 0, 0);
  return withTopRanks(5, 0, mask, 5);
}

/**
 * The class code of the best five cards, ignoring flushes, of 5-7 cards given as rank masks of the
 * ranks held at least once, twice, three times and four times.
 */
export function codeOfRankMasks(m1: number, m2: number, m3: number, m4: number): number {
  if (m4 !== 0) return withSetOf(7, m4, m1, 1);
  if (m3 !== 0) {
    const t = topRank(m3);
    const pairs = m2 & ~(1 << t);
    if (pairs !== 0) return withTopRanks((6 * 16 + t) * 16 + topRank(pairs), 2, 0, 0);
  }
  const top = topOfStraight(m1);
  if (top >= 0) return withTopRanks(4 * 16 + top, 1, 0, 0);
  if (m3 !== 0) return withSetOf(3, m3, m1, 2);
  if (m2 !== 0) {
    const hi = topRank(m2);
    const rest = m2 & ~(1 << hi);
    if (rest !== 0) {
      const lo = topRank(rest);
      return withTopRanks((2 * 16 + hi) * 16 + lo, 2, m1 & ~((1 << hi) | (1 << lo)), 1);
    }
    return withSetOf(1, m2, m1, 3);
  }
  return withTopRanks(0, 0, m1, 5);
}

/**
 * The class code of a category made of the top rank of `sets` held several times (quads, trips, a
 * pair) and `kickers` more ranks from `held`, the ranks held at least once.
 */
function withSetOf(category: number, sets: number, held: number, kickers: number): number {
  const rank = topRank(sets);
  return withTopRanks(category * 16 + rank, 1, held & ~(1 << rank), kickers);
}

/**
 * Visits every multiset of `minSize`..`maxSize` ranks with at most four of each, giving its sum of
 * per-rank `keys` and its rank masks (held at least once, twice, three times, four times).
 */
export function forEachRankMultiset(
  minSize: number,
  maxSize: number,
  keys: readonly number[],
  visit: (key: number, m1: number, m2: number, m3: number, m4: number) => void,
): void {
  const walk = (
    rank: number,
    size: number,
    key: number,
    m1: number,
    m2: number,
    m3: number,
    m4: number,
  ): void => {
    if (rank < 0) {
      if (size >= minSize) visit(key, m1, m2, m3, m4);
      return;
    }
    const b = 1 << rank;
    const k = keys[rank] ?? 0;
    walk(rank - 1, size, key, m1, m2, m3, m4);
    if (size + 1 <= maxSize) walk(rank - 1, size + 1, key + k, m1 | b, m2, m3, m4);
    if (size + 2 <= maxSize) walk(rank - 1, size + 2, key + 2 * k, m1 | b, m2 | b, m3, m4);
    if (size + 3 <= maxSize) walk(rank - 1, size + 3, key + 3 * k, m1 | b, m2 | b, m3 | b, m4);
    if (size + 4 <= maxSize) walk(rank - 1, size + 4, key + 4 * k, m1 | b, m2 | b, m3 | b, m4 | b);
  };
  walk(12, 0, 0, 0, 0, 0, 0);
}

/** Every five-card class code in ascending strength; index + 1 is the hand rank. */
function listClassCodes(): number[] {
  const codes = new Set<number>();
  forEachRankMultiset(5, 5, [], (_key, m1, m2, m3, m4) => codes.add(codeOfRankMasks(m1, m2, m3, m4)));
  for (let mask = 0; mask < 8192; mask++) {
    if (popCount(mask) === 5) codes.add(codeOfSuitedMask(mask));
  }
  return [...codes].sort((a, b) => a - b);
}

/** Number of set bits of a small non-negative integer. */
export function popCount(x: number): number {
  let n = 0;
  for (let v = x; v !== 0; v &= v - 1) n++;
  return n;
}

let classCodes: readonly number[] | undefined;
let rankByCode: Map<number, number> | undefined;

/** Class codes by hand rank (index 0 unused), built on first use so importing costs nothing. */
export function classCodeByRank(): readonly number[] {
  classCodes ??= [0, ...listClassCodes()];
  return classCodes;
}

/** The hand rank (1..7462) of a class code. */
export function rankOfCode(code: number): number {
  rankByCode ??= new Map(classCodeByRank().map((c, rank) => [c, rank]));
  const rank = rankByCode.get(code);
  if (rank === undefined || rank === 0) throw new Error(`unknown hand class code ${code}`);
  return rank;
}

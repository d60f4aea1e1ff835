/**
 * Lookup tables of the 7-card evaluator, built on first use in a few tens of milliseconds:
 * per-card keys, a flush table over 13-bit rank masks, and a perfect hash from the sum of the
 * cards' rank keys to the rank of the best non-flush five.
 */
import {
  codeOfRankMasks,
  codeOfSuitedMask,
  forEachRankMultiset,
  popCount,
  rankOfCode,
} from "./hand-classes.ts";

/**
 * One key per rank (2..A) such that every multiset of at most seven ranks, at most four of each,
 * has its own sum (found by a greedy search; the unit tests check the property).
 */
export const RANK_KEYS = [
  1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
] as const;

/** Suit counters: four nibbles that start at 3, so a nibble reaches 8 (bit 3) at five cards of a suit. */
export const SUIT_COUNTER_START = 0x3333;
/** The bits that flag a flush in a suit counter. */
export const FLUSH_BITS = 0x8888;
/** Perfect hash size: 2^17 slots (a 256 KB table of ranks that stays in cache). */
export const HASH_SLOT_BITS = 17;
/** Perfect hash buckets: 2^13, about nine keys each. */
export const HASH_BUCKET_BITS = 13;
/** Fixed multiplier that scatters a key to its slot, so the build is deterministic. */
export const HASH_SLOT_MULTIPLIER = 0x85ebca6b | 0;
/** Fixed multiplier that scatters a key to its bucket. */
export const HASH_BUCKET_MULTIPLIER = 0x9e3779b1 | 0;
/** Right shift that takes the slot from the top bits of the multiplied key. */
export const SLOT_SHIFT = 32 - HASH_SLOT_BITS;
/** Right shift that takes the bucket from the top bits of the multiplied key. */
export const BUCKET_SHIFT = 32 - HASH_BUCKET_BITS;
/** Mask that wraps a displaced slot into the table. */
export const SLOT_MASK = (1 << HASH_SLOT_BITS) - 1;

/** Everything the hot path reads, in typed arrays. */
export interface EvaluatorTables {
  /** Rank key of each card index 0..51. */
  readonly cardRankKey: Int32Array;
  /** Suit counter increment of each card index 0..51 (one nibble per suit). */
  readonly cardSuitKey: Int32Array;
  /** Rank bit of each card index 0..51. */
  readonly cardRankBit: Int32Array;
  /** Hand rank of the best flush or straight flush in a 13-bit mask of one suit (0 below five cards). */
  readonly flushRank: Uint16Array;
  /** Perfect-hash displacement per bucket. */
  readonly displacement: Int32Array;
  /** Hand rank of the best non-flush five at the perfect-hash slot of a 5-7 card rank key sum. */
  readonly nonFlushRank: Uint16Array;
}

/** Builds every table; the evaluator calls it once. */
export function buildEvaluatorTables(): EvaluatorTables {
  const perfectHash = buildPerfectHash();
  return {
    cardRankKey: Int32Array.from({ length: 52 }, (_, c) => RANK_KEYS[c >> 2]!),
    cardSuitKey: Int32Array.from({ length: 52 }, (_, c) => 1 << ((c & 3) * 4)),
    cardRankBit: Int32Array.from({ length: 52 }, (_, c) => 1 << (c >> 2)),
    flushRank: buildFlushTable(),
    displacement: perfectHash.displacement,
    nonFlushRank: perfectHash.ranks,
  };
}

function buildFlushTable(): Uint16Array {
  const table = new Uint16Array(8192);
  for (let mask = 0; mask < 8192; mask++) {
    if (popCount(mask) >= 5) table[mask] = rankOfCode(codeOfSuitedMask(mask));
  }
  return table;
}

/**
 * A hash-and-displace perfect hash from every 5-7 card rank key sum to the rank of its best non-flush
 * five: slot = (hashSlot(key) + displacement[hashBucket(key)]) mod 2^17. Buckets are placed largest
 * first, each at the smallest displacement whose slots are all free.
 */
function buildPerfectHash(): { displacement: Int32Array; ranks: Uint16Array } {
  const keys: number[] = [];
  const values: number[] = [];
  forEachRankMultiset(5, 7, RANK_KEYS, (key, m1, m2, m3, m4) => {
    keys.push(key);
    values.push(rankOfCode(codeOfRankMasks(m1, m2, m3, m4)));
  });
  const bucketCount = 1 << HASH_BUCKET_BITS;
  const buckets: number[][] = Array.from({ length: bucketCount }, () => []);
  keys.forEach((key, i) => {
    buckets[Math.imul(key, HASH_BUCKET_MULTIPLIER) >>> BUCKET_SHIFT]!.push(i);
  });
  const order = buckets.map((_, i) => i).sort((a, b) => buckets[b]!.length - buckets[a]!.length);
  const ranks = new Uint16Array(1 << HASH_SLOT_BITS);
  const displacement = new Int32Array(bucketCount);
  const slots = new Int32Array(buckets[order[0]!]!.length);
  for (const b of order) {
    const members = buckets[b]!;
    const n = members.length;
    if (n === 0) break;
    for (let i = 0; i < n; i++) {
      slots[i] = Math.imul(keys[members[i]!]!, HASH_SLOT_MULTIPLIER) >>> SLOT_SHIFT;
      if (slots.indexOf(slots[i]!) !== i) throw new Error("perfect hash: two keys share a bucket and a slot");
    }
    const d = findFreeDisplacement(ranks, slots, n);
    if (d < 0) throw new Error("perfect hash does not fit");
    displacement[b] = d;
    for (let i = 0; i < n; i++) ranks[(slots[i]! + d) & SLOT_MASK] = values[members[i]!]!;
  }
  return { displacement, ranks };
}

/** The smallest displacement that puts the first `n` slots on free (zero) entries of the table, or -1. */
function findFreeDisplacement(table: Uint16Array, slots: Int32Array, n: number): number {
  for (let d = 0; d <= SLOT_MASK; d++) {
    let i = 0;
    while (i < n && table[(slots[i]! + d) & SLOT_MASK] === 0) i++;
    if (i === n) return d;
  }
  return -1;
}

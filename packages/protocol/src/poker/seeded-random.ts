/** A small seeded pseudo-random generator for simulations, bot tie-breaks and reproducible tests (not for dealing). */

/** Floats in [0, 1) from a 32-bit seed (mulberry32): same seed, same sequence. */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` distinct cards drawn from `from` (default the full deck) with a random source. */
export function drawDistinctCards(random: () => number, count: number, from?: readonly number[]): number[] {
  const pool = from ? [...from] : Array.from({ length: 52 }, (_, i) => i);
  if (count > pool.length) throw new Error(`cannot draw ${count} of ${pool.length} cards`);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    const a = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = a;
  }
  return pool.slice(0, count);
}

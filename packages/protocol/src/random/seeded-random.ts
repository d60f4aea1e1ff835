/**
 * The one small seeded pseudo-random generator of the casino, for simulations, bot tie-breaks,
 * reproducible tests and decorative motion in the browser (never for dealing or game outcomes).
 */

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

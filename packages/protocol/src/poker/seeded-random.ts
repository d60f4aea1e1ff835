/** Card draws from a seeded generator, for simulations, bot tie-breaks and reproducible tests (not for dealing). */
export { createSeededRandom } from "../random/seeded-random.ts";

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

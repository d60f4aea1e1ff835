/** A seeded starfield as CSS box-shadows, so the background costs no script per frame. */

/** A small seeded generator (mulberry32): the same sky on every load. */
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

const TINTS = ["#ffffff", "#cfe8ff", "#ffe9c4", "#e4d4ff", "#a8f4ff"];

/** `count` stars spread over a `size`-pixel tile, as one box-shadow value. */
export function createStarShadows(seed: number, count: number, size: number): string {
  const random = createSeededRandom(seed);
  const stars: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const x = Math.floor(random() * size);
    const y = Math.floor(random() * size);
    const tint = TINTS[Math.floor(random() * TINTS.length)] ?? "#ffffff";
    stars.push(`${x}px ${y}px ${tint}`);
  }
  return stars.join(", ");
}

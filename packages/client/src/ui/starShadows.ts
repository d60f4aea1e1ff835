/** A seeded starfield as CSS box-shadows, so the background costs no script per frame. */

import { createSeededRandom } from "@casino/protocol";

/** The casino's seeded generator: the same sky on every load (the warp screens draw from it too). */
export { createSeededRandom };

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

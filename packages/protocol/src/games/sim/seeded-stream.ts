/**
 * A fast seeded float source (sfc32) with the FloatStream interface, for long simulations and
 * seeded tests: the game rules are the same functions, only the source of floats is cheaper than
 * the provably-fair HMAC stream. Floats have the same 32-bit resolution as the HMAC floats.
 */
import type { FloatStream } from "../../fair/stream.ts";

/** A seeded FloatStream for simulations: same rule functions, faster floats than HMAC. */
export function createSeededStream(seed: number): FloatStream {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88 ^ Math.imul(seed, 0x85ebca6b);
  let c = 0xb7e15162 ^ Math.imul(seed, 0xc2b2ae35);
  let d = 1;
  let position = 0;
  const step = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 16; i++) step();
  return {
    next() {
      position++;
      return step();
    },
    get position() {
      return position;
    },
  };
}

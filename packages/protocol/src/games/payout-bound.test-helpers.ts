/** The payout property the one-shot games' tests share (dice per bet type, plinko per risk). */
import fc from "fast-check";
import { expect } from "vitest";
import type { FloatStream } from "../fair/stream.ts";
import { createSeededStream } from "./sim/seeded-stream.ts";

/** A one-shot game: a stake and the player's option, played on a stream of floats. */
type OneShotGame<O> = (stake: number, option: O, stream: FloatStream) => { win: number };

/**
 * Checks, for any stake up to 100 coins (in micro-units), any option and any stream seed, that the
 * game pays a whole number of units and never more than the option's max multiplier times the stake.
 */
export function assertPayoutBound<O>(
  play: OneShotGame<O>,
  options: readonly O[],
  maxMultiplier: (option: O) => number,
  seed: number,
): void {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 100_000_000 }),
      fc.constantFrom(...options),
      fc.integer(),
      (stake, option, streamSeed) => {
        const { win } = play(stake, option, createSeededStream(streamSeed));
        expect(Number.isSafeInteger(win)).toBe(true);
        expect(win).toBeLessThanOrEqual(stake * maxMultiplier(option));
      },
    ),
    { seed },
  );
}

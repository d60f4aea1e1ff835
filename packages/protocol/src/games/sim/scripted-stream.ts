/** A FloatStream that plays back chosen floats, so rule tests can deal exact cards and symbols. */
import type { CardIndex } from "../../fair/cards.ts";
import type { FloatStream } from "../../fair/stream.ts";

/** Plays back the given floats in order and fails loudly when a rule reads more than were scripted. */
export function createScriptedStream(floats: readonly number[]): FloatStream {
  let position = 0;
  return {
    next() {
      const f = floats[position];
      if (f === undefined) throw new Error(`scripted stream ran out after ${position} floats`);
      position++;
      return f;
    },
    get position() {
      return position;
    },
  };
}

/** The float in the middle of a card's slice of [0, 1), so floor(f * 52) gives that card. */
export function floatForCard(card: CardIndex): number {
  return (card + 0.5) / 52;
}

/** A stream that deals these cards in order. */
export function createCardStream(cards: readonly CardIndex[]): FloatStream {
  return createScriptedStream(cards.map(floatForCard));
}

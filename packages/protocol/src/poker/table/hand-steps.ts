/**
 * The table's steps around a hand that are not betting: the deck of a new hand from its secret
 * seed and the dealt-in players' client seeds (published as hash and Merkle root before the deal),
 * and what a finished hand leaves to settle (who left, the stacks at the end).
 */

import type { CardIndex } from "../../fair/cards.ts";
import { buildDeckCommitment } from "../deck-commitment.ts";
import { type DeckHashes, PORTABLE_DECK_HASHES } from "../deck-hashes.ts";
import type { TableEvent, TableState } from "../engine/types.ts";
import { shuffleHandDeck } from "../fairness.ts";

/** A new hand's deck and the commitments published before the deal. */
export interface HandDeck {
  deck: CardIndex[];
  /** SHA-256 of the hand seed. */
  deckHash: string;
  /** Merkle root of the deck's positions. */
  deckRoot: string;
}

/**
 * Shuffles a hand's deck from its secret seed, the dealt-in players' client seeds and the hand
 * number (a server may pass native hashes: the same bytes, faster).
 */
export function prepareHandDeck(
  seed: string,
  clientSeeds: readonly string[],
  handNumber: number,
  hashes: DeckHashes = PORTABLE_DECK_HASHES,
): HandDeck {
  const deck = shuffleHandDeck(seed, clientSeeds, handNumber, hashes);
  const { seedHash, root } = buildDeckCommitment(seed, deck, hashes);
  return { deck, deckHash: seedHash, deckRoot: root };
}

/** A seat that went when the hand ended: left (with its stack to pay out) or busted. */
export type Departure = Extract<TableEvent, { type: "player_left" | "player_busted" }>;

/** What a finished hand leaves to store: departures after its end, stacks of its players at the end. */
export interface HandSettlement {
  departures: Departure[];
  endStacks: { seat: number; stack: number }[];
}

/** Reads a finished hand's settlement from the state after it and the hand's events. */
export function summarizeSettlement(state: TableState, handEvents: readonly TableEvent[]): HandSettlement {
  const endIndex = handEvents.findIndex((e) => e.type === "hand_ended");
  const departures = handEvents
    .slice(endIndex + 1)
    .filter((e): e is Departure => e.type === "player_left" || e.type === "player_busted");
  const leftStack = new Map(departures.flatMap((d) => (d.type === "player_left" ? [[d.seat, d.stack]] : [])));
  const endStacks = (state.hand?.players ?? []).map((p) => ({
    seat: p.seat,
    stack: state.seats[p.seat]?.stack ?? leftStack.get(p.seat) ?? 0,
  }));
  return { departures, endStacks };
}

/**
 * Provably-fair poker decks (DESIGN.md section 4): per hand a secret seed, committed by its SHA-256
 * before the deal and never revealed to players (players get per-position proofs, deck-commitment.ts;
 * only the operator's auditor rebuilds whole decks); the deck is a Fisher-Yates shuffle driven by
 * HMAC_SHA256(hand seed, "clientSeeds:handNumber:round"), the dealt-in players' client seeds joined
 * by "|" in seat order. Cards are then dealt one at a time starting left of the button (two rounds),
 * and each street burns one card.
 */
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { type CardIndex, shuffleDeck } from "../fair/cards.ts";
import { bytesToFloat } from "../fair/stream.ts";
import { type DeckHashes, PORTABLE_DECK_HASHES, writeHex } from "./deck-hashes.ts";

/** The stream message prefix of a hand: client seeds joined by "|", then the hand number. */
export function handStreamPrefix(clientSeeds: readonly string[], handNumber: number): string {
  return `${clientSeeds.join("|")}:${handNumber}`;
}

/**
 * The deck order of a hand from its seed, the dealt-in players' client seeds (seat order) and its
 * number: the keyed stream of fair/stream.ts (8 floats per HMAC round), with the seed keyed once.
 */
export function shuffleHandDeck(
  handSeed: string,
  clientSeeds: readonly string[],
  handNumber: number,
  hashes: DeckHashes = PORTABLE_DECK_HASHES,
): CardIndex[] {
  const sign = hashes.hmacSha256HexWith(handSeed);
  const prefix = handStreamPrefix(clientSeeds, handNumber);
  const block = new Uint8Array(32);
  let read = 0;
  return shuffleDeck(() => {
    if ((read & 7) === 0) writeHex(block, 0, sign(`${prefix}:${read >> 3}`));
    return bytesToFloat(block, (read++ & 7) * 4);
  });
}

/** The commitment published before the deal: SHA-256 hex of the hand seed text. */
export function hashHandSeed(handSeed: string, hashes: DeckHashes = PORTABLE_DECK_HASHES): string {
  return hashes.sha256Hex(utf8ToBytes(handSeed));
}

/** What the operator's auditor needs to re-check a hand's whole deck from its stored seed. */
export interface HandDeckProof {
  handSeed: string;
  /** The commitment shown before the deal. */
  deckHash: string;
  clientSeeds: string[];
  handNumber: number;
}

/** The outcome of a deck check: the rebuilt deck and, if it fails, why. */
export interface HandDeckCheck {
  valid: boolean;
  deck: CardIndex[];
  reason: "seed_does_not_match_commitment" | "deck_differs" | null;
}

/** Rebuilds a hand's deck from its seed and checks it against the commitment (and a dealt deck, if given). */
export function verifyHandDeck(proof: HandDeckProof, dealtDeck?: readonly CardIndex[]): HandDeckCheck {
  const deck = shuffleHandDeck(proof.handSeed, proof.clientSeeds, proof.handNumber);
  if (hashHandSeed(proof.handSeed) !== proof.deckHash.toLowerCase()) {
    return { valid: false, deck, reason: "seed_does_not_match_commitment" };
  }
  if (dealtDeck && (dealtDeck.length !== deck.length || dealtDeck.some((c, i) => c !== deck[i]))) {
    return { valid: false, deck, reason: "deck_differs" };
  }
  return { valid: true, deck, reason: null };
}

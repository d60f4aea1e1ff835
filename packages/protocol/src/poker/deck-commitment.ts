/**
 * Per-position deck commitments (DESIGN.md section 4, docs/FAIRNESS.md): before the deal the server
 * publishes the SHA-256 of the hand seed and a Merkle root over the 52 dealt positions; after the
 * hand it opens only the positions a viewer may see (the board and shown hands to everyone, a
 * player's own hole cards to that player), so cards nobody showed stay hidden.
 *
 * - Deck: `shuffleHandDeck(handSeed, clientSeeds, handNumber)` (the client seeds enter the shuffle).
 * - Salt of position i (0..51): `HMAC_SHA256(key = hand seed as ASCII, message = "deck-salt:" + i)`,
 *   32 bytes. Opening one salt tells nothing about the others or the seed.
 * - Leaf i: `SHA-256(0x00 || i (1 byte) || card_i (1 byte, 0..51 in the DESIGN.md card order) || salt_i)`.
 * - Node: `SHA-256(0x01 || left || right)`. A level's last node without a partner is carried up
 *   unchanged (52 -> 26 -> 13 -> 7 -> 4 -> 2 -> 1 nodes).
 * - Proof of position i: its card, salt and the sibling hashes from the leaf up, in order; a level
 *   where the node is carried up has no sibling. Hashes are lowercase hex.
 * - Dealing (engine start-hand.ts and hand-flow.ts): with n players dealt in, ordered from the
 *   first seat left of the button, player k gets positions k and n + k; then one burn card before
 *   each street: flop 2n+1..2n+3, turn 2n+5, river 2n+7 (2n, 2n+4 and 2n+6 are burned).
 */
import { hexToBytes } from "@noble/hashes/utils.js";
import type { CardIndex } from "../fair/cards.ts";
import { type DeckHashes, PORTABLE_DECK_HASHES, writeHex } from "./deck-hashes.ts";
import { hashHandSeed, shuffleHandDeck } from "./fairness.ts";

/** Positions in a deck. */
export const DECK_POSITIONS = 52;

/** One opened position: what was committed there and the path to the root. */
export interface DeckPositionProof {
  position: number;
  card: CardIndex;
  /** 64 hex characters. */
  salt: string;
  /** Sibling hashes from the leaf level up (hex). */
  path: string[];
}

/** What is published before the deal. */
export interface DeckCommitment {
  /** SHA-256 hex of the hand seed text (hashHandSeed). */
  seedHash: string;
  /** Merkle root over the 52 position leaves (hex). */
  root: string;
}

/** The salt of one position, from the hand seed (hex). */
export function deckSalt(handSeed: string, position: number, hashes = PORTABLE_DECK_HASHES): string {
  return saltOf(hashes.hmacSha256HexWith(handSeed), position);
}

/** The salt of a position, signed with the hand seed's keyed HMAC. */
function saltOf(sign: (message: string) => string, position: number): string {
  return sign(`deck-salt:${position}`);
}

function isHex32(text: unknown): text is string {
  return typeof text === "string" && /^[0-9a-f]{64}$/.test(text);
}

/** Leaf and node hashes of the tree (hex in, hex out), over input arrays reused for every hash. */
function treeHashing(hashes: DeckHashes) {
  const leafInput = new Uint8Array(3 + 32);
  const nodeInput = new Uint8Array(1 + 64);
  nodeInput[0] = 0x01;
  return {
    /** SHA-256(0x00 || position || card || salt). */
    leaf(position: number, card: CardIndex, salt: string): string {
      leafInput[1] = position;
      leafInput[2] = card;
      writeHex(leafInput, 3, salt);
      return hashes.sha256Hex(leafInput);
    },
    /** SHA-256(0x01 || left || right). */
    node(left: string, right: string): string {
      writeHex(nodeInput, 1, left);
      writeHex(nodeInput, 33, right);
      return hashes.sha256Hex(nodeInput);
    },
  };
}

/** The leaf hash of a position holding a card with its salt (64 hex digits). */
export function deckLeaf(position: number, card: CardIndex, salt: string): Uint8Array {
  const checked = salt.toLowerCase();
  if (!isHex32(checked)) throw new Error("deck commitment: a salt is 32 bytes of hex");
  return hexToBytes(treeHashing(PORTABLE_DECK_HASHES).leaf(position, card, checked));
}

/** Every level of the tree, leaves first, root last (hex). */
function buildLevels(node: (left: string, right: string) => string, leaves: string[]): string[][] {
  const levels = [leaves];
  let level = leaves;
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(i + 1 < level.length ? node(level[i]!, level[i + 1]!) : level[i]!);
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The committed tree of one hand's deck: its commitment and proofs of any position. */
export interface DeckTree extends DeckCommitment {
  /** The proof that opens one position. */
  prove(position: number): DeckPositionProof;
}

/**
 * Builds the commitment of a deck dealt from a hand seed (the deck is shuffleHandDeck's result),
 * with the portable hashes unless others are given.
 */
export function buildDeckCommitment(
  handSeed: string,
  deck: readonly CardIndex[],
  hashes = PORTABLE_DECK_HASHES,
): DeckTree {
  if (deck.length !== DECK_POSITIONS) throw new Error("deck commitment: a deck has 52 cards");
  const sign = hashes.hmacSha256HexWith(handSeed);
  const tree = treeHashing(hashes);
  const salts = deck.map((_, i) => saltOf(sign, i));
  const levels = buildLevels(
    tree.node,
    deck.map((card, i) => tree.leaf(i, card, salts[i]!)),
  );
  return {
    seedHash: hashHandSeed(handSeed, hashes),
    root: levels[levels.length - 1]![0]!,
    prove(position) {
      if (!Number.isInteger(position) || position < 0 || position >= DECK_POSITIONS) {
        throw new Error(`deck commitment: no position ${position}`);
      }
      const path: string[] = [];
      let index = position;
      for (const level of levels.slice(0, -1)) {
        const sibling = index % 2 === 1 ? index - 1 : index + 1;
        if (sibling < level.length) path.push(level[sibling]!);
        index = Math.floor(index / 2);
      }
      return { position, card: deck[position]!, salt: salts[position]!, path };
    },
  };
}

/** Whether a proof opens its position against a published root. */
export function verifyDeckPosition(root: string, proof: DeckPositionProof): boolean {
  const { position, card, salt, path } = proof;
  if (!Number.isInteger(position) || position < 0 || position >= DECK_POSITIONS) return false;
  if (!Number.isInteger(card) || card < 0 || card > 51 || !isHex32(salt)) return false;
  if (!Array.isArray(path) || !path.every(isHex32)) return false;
  const tree = treeHashing(PORTABLE_DECK_HASHES);
  let hash = tree.leaf(position, card, salt);
  let index = position;
  let size = DECK_POSITIONS;
  let used = 0;
  while (size > 1) {
    if (index % 2 === 1) {
      const sibling = path[used++];
      if (sibling === undefined) return false;
      hash = tree.node(sibling, hash);
    } else if (index + 1 < size) {
      const sibling = path[used++];
      if (sibling === undefined) return false;
      hash = tree.node(hash, sibling);
    }
    index = Math.floor(index / 2);
    size = Math.ceil(size / 2);
  }
  return used === path.length && hash === root.toLowerCase();
}

/** The deck positions of a hand: each player's two hole cards (in dealing order) and the board. */
export interface DealtPositions {
  /** Per player in dealing order (first seat left of the button first): their two positions. */
  hole: [number, number][];
  /** Flop, flop, flop, turn, river. */
  board: number[];
}

/** Where the cards of a hand with `players` dealt in come from in the deck. */
export function dealtPositions(players: number): DealtPositions {
  const n = players;
  return {
    hole: Array.from({ length: n }, (_, k) => [k, n + k] as [number, number]),
    board: [2 * n + 1, 2 * n + 2, 2 * n + 3, 2 * n + 5, 2 * n + 7],
  };
}

/** The seats dealt in, in dealing order: from the first seat left of the button, round the table. */
export function dealingOrder(buttonSeat: number, seats: readonly number[], maxPlayers: number): number[] {
  const distance = (seat: number) => (seat - buttonSeat - 1 + 2 * maxPlayers) % maxPlayers;
  return [...seats].sort((a, b) => distance(a) - distance(b));
}

/** What the operator's auditor checks with the secret seed: the seed hash and the root rebuild. */
export interface DeckAudit {
  handSeed: string;
  clientSeeds: readonly string[];
  handNumber: number;
  seedHash: string;
  /** The published root; checked when given. */
  root?: string;
}

/** The auditor's whole-deck check: seed -> deck -> root equals the published root, seed hash matches. */
export function auditDeck(audit: DeckAudit): {
  valid: boolean;
  deck: CardIndex[];
  root: string;
  reason: "seed_does_not_match_commitment" | "root_differs" | null;
} {
  const deck = shuffleHandDeck(audit.handSeed, audit.clientSeeds, audit.handNumber);
  const tree = buildDeckCommitment(audit.handSeed, deck);
  if (tree.seedHash !== audit.seedHash.toLowerCase()) {
    return { valid: false, deck, root: tree.root, reason: "seed_does_not_match_commitment" };
  }
  if (audit.root !== undefined && tree.root !== audit.root.toLowerCase()) {
    return { valid: false, deck, root: tree.root, reason: "root_differs" };
  }
  return { valid: true, deck, root: tree.root, reason: null };
}

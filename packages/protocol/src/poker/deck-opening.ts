/**
 * A finished hand's opened deck positions as one viewer may get them (docs/FAIRNESS.md): the
 * commitment, the board and the hands shown at showdown for everyone, and the viewer's own hole
 * cards when they played. The server builds it from the secret seed; anyone checks it against the
 * root published before the deal, without learning any card that was not shown to them.
 */
import type { CardIndex } from "../fair/cards.ts";
import {
  buildDeckCommitment,
  type DeckPositionProof,
  dealtPositions,
  verifyDeckPosition,
} from "./deck-commitment.ts";
import { PORTABLE_DECK_HASHES } from "./deck-hashes.ts";
import { shuffleHandDeck } from "./fairness.ts";

/** One seat's opened hole cards. */
export interface SeatOpening {
  seat: number;
  proofs: DeckPositionProof[];
}

/** The opened positions of a hand for one viewer. */
export interface HandOpening {
  handNumber: number;
  /** SHA-256 of the hand seed, published before the deal. */
  seedHash: string;
  /** Merkle root of the 52 positions, published before the deal. */
  root: string;
  /** The dealt-in players' client seeds in seat order (they entered the shuffle). */
  clientSeeds: string[];
  /** The seats dealt in, in dealing order (first seat left of the button first). */
  dealOrder: number[];
  board: DeckPositionProof[];
  /** Hands shown at showdown. */
  shown: SeatOpening[];
  /** The viewer's own hole cards (only in the viewer's own answer). */
  own: SeatOpening | null;
}

/** What a hand needs to be opened (server side: the seed never leaves it). */
export interface HandToOpen {
  handSeed: string;
  clientSeeds: readonly string[];
  handNumber: number;
  dealOrder: readonly number[];
  boardLength: number;
  shownSeats: readonly number[];
  /** The viewer's seat in the hand, or null. */
  ownSeat: number | null;
}

/** Builds the opening a viewer may see: board, shown hands, and their own cards. */
export function openHand(hand: HandToOpen, hashes = PORTABLE_DECK_HASHES): HandOpening {
  const deck = shuffleHandDeck(hand.handSeed, hand.clientSeeds, hand.handNumber, hashes);
  const tree = buildDeckCommitment(hand.handSeed, deck, hashes);
  const positions = dealtPositions(hand.dealOrder.length);
  const seatOpening = (seat: number): SeatOpening | null => {
    const k = hand.dealOrder.indexOf(seat);
    return k < 0 ? null : { seat, proofs: positions.hole[k]!.map((p) => tree.prove(p)) };
  };
  return {
    handNumber: hand.handNumber,
    seedHash: tree.seedHash,
    root: tree.root,
    clientSeeds: [...hand.clientSeeds],
    dealOrder: [...hand.dealOrder],
    board: positions.board.slice(0, hand.boardLength).map((p) => tree.prove(p)),
    shown: hand.shownSeats.flatMap((seat) => seatOpening(seat) ?? []),
    own: hand.ownSeat === null ? null : seatOpening(hand.ownSeat),
  };
}

/** What the viewer saw at the table, to compare with the opened cards. */
export interface SeenHand {
  board?: readonly CardIndex[];
  /** Hole cards by seat (own and shown). */
  holeCards?: Readonly<Record<number, readonly CardIndex[]>>;
}

/** The verdict on an opening. */
export interface OpeningCheck {
  valid: boolean;
  /** Every problem found, in words. */
  problems: string[];
  board: CardIndex[];
  /** Opened hole cards by seat. */
  holeCards: Record<number, CardIndex[]>;
}

/**
 * Checks an opening: every proof against the root, every position where the dealing rule puts it,
 * and, when given, the cards this viewer saw (and the root and seed hash published before the deal).
 */
export function verifyHandOpening(
  opening: HandOpening,
  seen: SeenHand = {},
  published?: { root?: string; seedHash?: string },
): OpeningCheck {
  const problems: string[] = [];
  const root = opening.root.toLowerCase();
  if (published?.root && published.root.toLowerCase() !== root) {
    problems.push("The root differs from the one published before the deal.");
  }
  if (published?.seedHash && published.seedHash.toLowerCase() !== opening.seedHash.toLowerCase()) {
    problems.push("The seed hash differs from the one published before the deal.");
  }
  const order = opening.dealOrder;
  if (new Set(order).size !== order.length || order.length < 2)
    problems.push("The dealing order is not valid.");
  const positions = dealtPositions(order.length);
  const open = (proofs: readonly DeckPositionProof[], expected: readonly number[], what: string) => {
    if (proofs.length > expected.length) problems.push(`${what}: more cards than dealt.`);
    proofs.forEach((proof, i) => {
      if (proof.position !== expected[i])
        problems.push(`${what}: card ${i + 1} is not from its dealt position.`);
      else if (!verifyDeckPosition(root, proof))
        problems.push(`${what}: card ${i + 1} does not match the root.`);
    });
    return proofs.map((p) => p.card);
  };
  const board = open(opening.board, positions.board, "Board");
  const holeCards: Record<number, CardIndex[]> = {};
  for (const s of [...opening.shown, ...(opening.own ? [opening.own] : [])]) {
    const k = order.indexOf(s.seat);
    if (k < 0) {
      problems.push(`Seat ${s.seat} was not dealt in.`);
      continue;
    }
    if (s.proofs.length !== 2) problems.push(`Seat ${s.seat}: two hole cards expected.`);
    holeCards[s.seat] = open(s.proofs, positions.hole[k]!, `Seat ${s.seat}`);
  }
  const same = (a: readonly CardIndex[], b: readonly CardIndex[]) =>
    a.length === b.length && a.every((c, i) => c === b[i]);
  if (seen.board && !same(seen.board, board))
    problems.push("The board differs from the one dealt at the table.");
  for (const [seat, cards] of Object.entries(seen.holeCards ?? {})) {
    const opened = holeCards[Number(seat)];
    if (!opened) problems.push(`Seat ${seat}: no proof for cards seen at the table.`);
    else if (!same([...cards].sort(), [...opened].sort())) {
      problems.push(`Seat ${seat}: the hole cards differ from the ones seen at the table.`);
    }
  }
  return { valid: problems.length === 0, problems, board, holeCards };
}

/**
 * Re-checks a finished hand in the browser (DESIGN.md section 4): the revealed seed must hash to
 * the commitment shown before the deal, and the deck it rebuilds (with the protocol's own
 * verifyHandDeck) must deal exactly the hole cards and board this browser saw. The deal order is
 * the engine's: one card at a time from the seat left of the button, twice, then a burn card before
 * the flop, the turn and the river.
 */
import { type CardIndex, RANKS, SUITS, verifyHandDeck } from "@casino/protocol";
import { seatsAfter } from "@casino/protocol/poker/engine/seats";
import type { CardSnap } from "../table/tableSnapshot.ts";

/** The revealed facts of one hand and where its cards went. */
export type HandProof = {
  handSeed: string;
  deckHash: string;
  clientSeeds: string[];
  handNumber: number;
  buttonSeat: number;
  dealtSeats: number[];
  maxPlayers: number;
};

/** Cards this browser saw during the hand: the board and any hole cards it was shown. */
export type SeenCards = { board: CardSnap[]; holeCards: { seat: number; cards: CardSnap[] }[] };

/** The verdict, with how many seen cards were matched. */
export type HandVerdict =
  | { ok: true; matchedCards: number; deck: CardIndex[] }
  | { ok: false; code: `fair/${string}`; message: string };

/** Where each card of a deck goes: hole cards by seat, then the five board cards. */
export function dealFromDeck(
  deck: readonly CardIndex[],
  proof: Pick<HandProof, "buttonSeat" | "dealtSeats" | "maxPlayers">,
): { holeCards: Map<number, CardIndex[]>; board: CardIndex[] } {
  const order = seatsAfter(proof.buttonSeat, proof.maxPlayers).filter((s) => proof.dealtSeats.includes(s));
  const holeCards = new Map<number, CardIndex[]>(order.map((s) => [s, []]));
  let next = 0;
  for (let round = 0; round < 2; round++) for (const seat of order) holeCards.get(seat)!.push(deck[next++]!);
  const at = (offset: number): CardIndex => deck[next + offset]!;
  // burn, flop x3, burn, turn, burn, river
  return { holeCards, board: [at(1), at(2), at(3), at(5), at(7)] };
}

/** A card face as its index in the fixed 52-card order, or -1 when unreadable. */
export function indexOfFace(card: CardSnap): number {
  const rank = (RANKS as readonly string[]).indexOf(card.rank);
  const suit = (SUITS as readonly string[]).indexOf(card.suit);
  return rank < 0 || suit < 0 ? -1 : rank * 4 + suit;
}

function sameCards(seen: readonly CardSnap[], dealt: readonly CardIndex[]): boolean {
  return seen.every((card, i) => indexOfFace(card) === dealt[i]);
}

/** Verifies a hand: commitment, then every card seen against the rebuilt deal. */
export function verifyPokerHand(proof: HandProof, seen: SeenCards): HandVerdict {
  const check = verifyHandDeck({
    handSeed: proof.handSeed,
    deckHash: proof.deckHash,
    clientSeeds: proof.clientSeeds,
    handNumber: proof.handNumber,
  });
  if (!check.valid)
    return {
      ok: false,
      code: "fair/seed_mismatch",
      message: "The revealed seed does not match the commitment published before the deal",
    };
  const deal = dealFromDeck(check.deck, proof);
  if (seen.board.length > 5 || !sameCards(seen.board, deal.board))
    return {
      ok: false,
      code: "fair/board_differs",
      message: "The board differs from the deck the seed shuffles",
    };
  let matched = seen.board.length;
  for (const { seat, cards } of seen.holeCards) {
    if (cards.length === 0) continue;
    const dealt = deal.holeCards.get(seat);
    if (!dealt || cards.length !== 2 || !sameCards(cards, dealt))
      return {
        ok: false,
        code: "fair/cards_differ",
        message: `The hole cards of seat ${seat + 1} differ from the deck the seed shuffles`,
      };
    matched += cards.length;
  }
  return { ok: true, matchedCards: matched, deck: check.deck };
}

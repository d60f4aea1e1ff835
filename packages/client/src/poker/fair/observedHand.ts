/**
 * What this browser saw of each hand, kept while the hand is on the table: the button, who was
 * dealt in, the board and every hole card it was shown (its own, and others' at showdown). After
 * the hand, Verify compares these cards and the commitment seen before the deal with the deck
 * positions the server opens.
 */
import type { CardSnap, TableSnapshot } from "../table/tableSnapshot.ts";

const BETTING_PHASES = new Set(["preflop", "flop", "turn", "river"]);

/** One hand as seen here. */
export type ObservedHand = {
  handNumber: number;
  buttonSeat: number;
  dealtSeats: number[];
  board: CardSnap[];
  holeCards: { seat: number; cards: CardSnap[] }[];
  /** Whether the viewer was dealt in (their hand history is readable). */
  viewerPlayed: boolean;
  /** The Merkle root and seed hash this page saw published before the deal ("" if it did not). */
  root: string;
  seedHash: string;
};

/** Folds a new snapshot into the record of its hand (a new hand number starts a fresh record). */
export function observeHand(
  previous: ObservedHand | undefined,
  snapshot: TableSnapshot,
  viewerId: string | null,
): ObservedHand | undefined {
  if (snapshot.handNumber <= 0 || snapshot.dealerSeat < 0) return previous;
  const base: ObservedHand =
    previous?.handNumber === snapshot.handNumber
      ? previous
      : {
          handNumber: snapshot.handNumber,
          buttonSeat: snapshot.dealerSeat,
          dealtSeats: [],
          board: [],
          holeCards: [],
          viewerPlayed: false,
          root: "",
          seedHash: "",
        };
  const dealt = new Set(base.dealtSeats);
  const cards = new Map(base.holeCards.map((h) => [h.seat, h.cards]));
  let viewerPlayed = base.viewerPlayed;
  for (const p of snapshot.players) {
    if (!p.inHand) continue;
    dealt.add(p.seatPosition);
    if (p.userId === viewerId) viewerPlayed = true;
    if (p.holeCards.length === 2) cards.set(p.seatPosition, p.holeCards);
  }
  return {
    handNumber: base.handNumber,
    buttonSeat: base.buttonSeat,
    dealtSeats: [...dealt].sort((a, b) => a - b),
    board: snapshot.communityCards.length >= base.board.length ? snapshot.communityCards : base.board,
    holeCards: [...cards].map(([seat, seen]) => ({ seat, cards: seen })).sort((a, b) => a.seat - b.seat),
    viewerPlayed,
    // Only while the hand is played: just before a deal the next hand's commitment is already out.
    root: base.root || (BETTING_PHASES.has(snapshot.gamePhase) ? snapshot.deckRoot : ""),
    seedHash: base.seedHash || (BETTING_PHASES.has(snapshot.gamePhase) ? snapshot.deckCommitment : ""),
  };
}

/** Positions of a hand from its stored record (GET /api/poker/hands/{id}): button and dealt-in seats. */
export function readHandPositions(record: unknown): { buttonSeat: number; dealtSeats: number[] } | null {
  const events = (record as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) return null;
  const started = events.find((e) => (e as { type?: unknown })?.type === "hand_started") as
    | { buttonSeat?: unknown; players?: { seat?: unknown }[] }
    | undefined;
  if (!started || typeof started.buttonSeat !== "number" || !Array.isArray(started.players)) return null;
  return {
    buttonSeat: started.buttonSeat,
    dealtSeats: started.players.map((p) => Number(p.seat)).filter(Number.isInteger),
  };
}

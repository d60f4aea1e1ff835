import {
  applyTableAction,
  buildDeckCommitment,
  cardFace,
  createTable,
  dealingOrder,
  type HandOpening,
  hashHandSeed,
  legalActions,
  openHand,
  shuffleHandDeck,
  type TableState,
} from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { indexOfFace, type SeenCards, verifyPokerHand } from "./verifyPokerHand.ts";

const SEED = "5f".repeat(32);
const CLIENT_SEEDS = ["alpha", "beta", "gamma"];
const DECK = shuffleHandDeck(SEED, CLIENT_SEEDS, 1);
const PUBLISHED = { root: buildDeckCommitment(SEED, DECK).root, seedHash: hashHandSeed(SEED) };

function apply(state: TableState, action: Parameters<typeof applyTableAction>[1]): TableState {
  const result = applyTableAction(state, action);
  if ("error" in result) throw new Error(result.error.message);
  return result.state;
}

/** A hand dealt by the real engine from the seed's deck and checked down to the river. */
function playHandToRiver(): TableState {
  let state = createTable({ maxPlayers: 6, smallBlind: 1, bigBlind: 2 });
  for (const [i, seat] of [0, 2, 4].entries())
    state = apply(state, { type: "sit", seat, playerId: `p${i}`, name: `P${i}`, stack: 100 });
  state = apply(state, { type: "start_hand", deck: DECK, deckHash: hashHandSeed(SEED) });
  while (state.hand && !state.hand.ended) {
    const seat = state.hand.toAct;
    if (seat === null) {
      state = apply(state, { type: "advance" });
      continue;
    }
    const legal = legalActions(state, seat);
    state = apply(state, { type: legal.canCheck ? "check" : "call", seat });
  }
  return state;
}

/** What the server opens for a viewer: board, the given shown seats, and the viewer's own cards. */
function openingFor(state: TableState, shownSeats: number[], ownSeat: number | null): HandOpening {
  const hand = state.hand!;
  return openHand({
    handSeed: SEED,
    clientSeeds: CLIENT_SEEDS,
    handNumber: 1,
    dealOrder: dealingOrder(
      hand.buttonSeat,
      hand.players.map((p) => p.seat),
      6,
    ),
    boardLength: hand.board.length,
    shownSeats,
    ownSeat,
  });
}

/** What every player saw at showdown: the board and all hole cards, as card faces. */
function seenAtShowdown(state: TableState): SeenCards {
  const hand = state.hand!;
  return {
    board: hand.board.map(cardFace),
    holeCards: hand.players.map((p) => ({ seat: p.seat, cards: p.holeCards.map(cardFace) })),
  };
}

describe("verifyPokerHand", () => {
  it("verifies the board, every shown hand and the viewer's own cards against the root", () => {
    const state = playHandToRiver();
    const seats = state.hand!.players.map((p) => p.seat);
    const opening = openingFor(state, seats, 0);
    expect(verifyPokerHand(opening, seenAtShowdown(state), PUBLISHED)).toEqual({
      ok: true,
      matchedCards: 11,
      openedCards: 11,
    });
  });

  it("fails when the root differs from the one seen before the deal", () => {
    const state = playHandToRiver();
    const opening = openingFor(state, [], 0);
    const verdict = verifyPokerHand(
      opening,
      { board: [], holeCards: [] },
      { ...PUBLISHED, root: "ab".repeat(32) },
    );
    expect(verdict).toMatchObject({ ok: false, code: "fair/opening_invalid" });
    if (!verdict.ok) expect(verdict.message).toContain("published before the deal");
    expect(verifyPokerHand(opening, { board: [], holeCards: [] }, { root: "", seedHash: "" })).toMatchObject({
      ok: false,
      code: "fair/no_commitment",
    });
  });

  it("fails when the board seen differs from the opened positions", () => {
    const state = playHandToRiver();
    const seen = seenAtShowdown(state);
    const swapped = { ...seen, board: [seen.board[1]!, seen.board[0]!, ...seen.board.slice(2)] };
    const verdict = verifyPokerHand(openingFor(state, [], 0), { ...swapped, holeCards: [] }, PUBLISHED);
    expect(verdict).toMatchObject({ ok: false, code: "fair/opening_invalid" });
    if (!verdict.ok) expect(verdict.message).toContain("board differs");
  });

  it("fails when a card was forged, or a seen hand has no proof, naming the seat", () => {
    const state = playHandToRiver();
    const opening = openingFor(state, [], 2);
    const own = opening.own!;
    const forged = {
      ...opening,
      own: { ...own, proofs: [{ ...own.proofs[0]!, card: (own.proofs[0]!.card + 1) % 52 }, own.proofs[1]!] },
    };
    const mine = seenAtShowdown(state).holeCards.find((h) => h.seat === 2)!;
    const verdict = verifyPokerHand(forged, { board: [], holeCards: [mine] }, PUBLISHED);
    expect(verdict).toMatchObject({ ok: false });
    if (!verdict.ok) expect(verdict.message).toContain("Seat 2: card 1 does not match the root");
    const other = seenAtShowdown(state).holeCards.find((h) => h.seat === 4)!;
    const missing = verifyPokerHand(opening, { board: [], holeCards: [mine, other] }, PUBLISHED);
    if (missing.ok) throw new Error("expected a failure");
    expect(missing.message).toContain("Seat 4: no proof");
  });

  it("checks a hand that ended before the flop with only the viewer's cards, opening nothing else", () => {
    const state = playHandToRiver();
    const opening = { ...openingFor(state, [], 2), board: [] };
    const mine = seenAtShowdown(state).holeCards.find((h) => h.seat === 2)!;
    expect(verifyPokerHand(opening, { board: [], holeCards: [mine] }, PUBLISHED)).toEqual({
      ok: true,
      matchedCards: 2,
      openedCards: 2,
    });
    const others = state.hand!.players.filter((p) => p.seat !== 2).flatMap((p) => p.holeCards);
    const opened = [...opening.board, ...opening.own!.proofs].map((p) => p.card);
    for (const card of others) expect(opened).not.toContain(card);
    expect(JSON.stringify(opening)).not.toContain(SEED);
  });

  it("maps card faces to the fixed 52-card order", () => {
    expect(indexOfFace({ rank: "2", suit: "diamonds" })).toBe(0);
    expect(indexOfFace({ rank: "A", suit: "clubs" })).toBe(51);
    expect(indexOfFace({ rank: "hidden", suit: "hidden" })).toBe(-1);
  });
});

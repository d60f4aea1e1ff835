import {
  applyTableAction,
  cardFace,
  createTable,
  hashHandSeed,
  legalActions,
  shuffleHandDeck,
  type TableState,
} from "@casino/protocol";
import { describe, expect, it } from "vitest";
import {
  dealFromDeck,
  type HandProof,
  indexOfFace,
  type SeenCards,
  verifyPokerHand,
} from "./verifyPokerHand.ts";

const SEED = "5f".repeat(32);
const CLIENT_SEEDS = ["alpha", "beta", "gamma"];

function apply(state: TableState, action: Parameters<typeof applyTableAction>[1]): TableState {
  const result = applyTableAction(state, action);
  if ("error" in result) throw new Error(result.error.message);
  return result.state;
}

/** A hand dealt by the real engine from the seed's deck and checked down to the river. */
function playHandToRiver(): { state: TableState; proof: HandProof } {
  let state = createTable({ maxPlayers: 6, smallBlind: 1, bigBlind: 2 });
  for (const [i, seat] of [0, 2, 4].entries())
    state = apply(state, { type: "sit", seat, playerId: `p${i}`, name: `P${i}`, stack: 100 });
  state = apply(state, {
    type: "start_hand",
    deck: shuffleHandDeck(SEED, CLIENT_SEEDS, 1),
    deckHash: hashHandSeed(SEED),
  });
  while (state.hand && !state.hand.ended) {
    const seat = state.hand.toAct;
    if (seat === null) {
      state = apply(state, { type: "advance" });
      continue;
    }
    const legal = legalActions(state, seat);
    state = apply(state, { type: legal.canCheck ? "check" : "call", seat });
  }
  const hand = state.hand!;
  return {
    state,
    proof: {
      handSeed: SEED,
      deckHash: hashHandSeed(SEED),
      clientSeeds: CLIENT_SEEDS,
      handNumber: 1,
      buttonSeat: hand.buttonSeat,
      dealtSeats: hand.players.map((p) => p.seat),
      maxPlayers: 6,
    },
  };
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
  it("rebuilds exactly the engine's deal from the revealed seed", () => {
    const { state, proof } = playHandToRiver();
    const hand = state.hand!;
    expect(hand.board).toHaveLength(5);
    const deal = dealFromDeck(shuffleHandDeck(SEED, CLIENT_SEEDS, 1), proof);
    expect(deal.board).toEqual(hand.board);
    for (const p of hand.players) expect(deal.holeCards.get(p.seat)).toEqual(p.holeCards);
    expect(verifyPokerHand(proof, seenAtShowdown(state))).toMatchObject({ ok: true, matchedCards: 11 });
  });

  it("fails when the seed does not hash to the commitment", () => {
    const { state, proof } = playHandToRiver();
    const verdict = verifyPokerHand({ ...proof, handSeed: "6f".repeat(32) }, seenAtShowdown(state));
    expect(verdict).toMatchObject({ ok: false, code: "fair/seed_mismatch" });
  });

  it("fails when the board seen differs from the deck", () => {
    const { state, proof } = playHandToRiver();
    const seen = seenAtShowdown(state);
    const swapped = { ...seen, board: [seen.board[1]!, seen.board[0]!, ...seen.board.slice(2)] };
    expect(verifyPokerHand(proof, swapped)).toMatchObject({ ok: false, code: "fair/board_differs" });
  });

  it("fails when a player's hole cards differ, naming the seat", () => {
    const { state, proof } = playHandToRiver();
    const seen = seenAtShowdown(state);
    const first = seen.holeCards[0]!;
    const tampered = {
      ...seen,
      holeCards: [
        { seat: first.seat, cards: [first.cards[1]!, first.cards[0]!] },
        ...seen.holeCards.slice(1),
      ],
    };
    expect(verifyPokerHand(proof, tampered)).toEqual({
      ok: false,
      code: "fair/cards_differ",
      message: `The hole cards of seat ${first.seat + 1} differ from the deck the seed shuffles`,
    });
  });

  it("checks a hand that ended before the flop with only the viewer's cards", () => {
    const { state, proof } = playHandToRiver();
    const mine = seenAtShowdown(state).holeCards[1]!;
    expect(verifyPokerHand(proof, { board: [], holeCards: [mine] })).toMatchObject({
      ok: true,
      matchedCards: 2,
    });
  });

  it("maps card faces to the fixed 52-card order", () => {
    expect(indexOfFace({ rank: "2", suit: "diamonds" })).toBe(0);
    expect(indexOfFace({ rank: "A", suit: "clubs" })).toBe(51);
    expect(indexOfFace({ rank: "hidden", suit: "hidden" })).toBe(-1);
  });
});

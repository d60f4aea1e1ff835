import { describe, expect, it } from "vitest";
import { shuffleDeck } from "../fair/cards.ts";
import { createKeyedStream, sha256Hex } from "../fair/stream.ts";
import { chooseHandPositions } from "./engine/positions.ts";
import { act, makeTable } from "./engine/test-helpers.ts";
import { handStreamPrefix, hashHandSeed, shuffleHandDeck, verifyHandDeck } from "./fairness.ts";

const seed = "7f".repeat(32);
const clientSeeds = ["alice-seed", "bob", "carol's seed"];

describe("provably-fair hand decks", () => {
  it("shuffles with HMAC(hand seed, 'clientSeeds joined by | : handNumber : round')", () => {
    expect(handStreamPrefix(clientSeeds, 12)).toBe("alice-seed|bob|carol's seed:12");
    const deck = shuffleHandDeck(seed, clientSeeds, 12);
    expect(deck).toEqual(shuffleDeck(createKeyedStream(seed, "alice-seed|bob|carol's seed:12").next));
    expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });

  it("gives a different deck for another hand number, seed or client seed", () => {
    const deck = shuffleHandDeck(seed, clientSeeds, 12);
    expect(shuffleHandDeck(seed, clientSeeds, 13)).not.toEqual(deck);
    expect(shuffleHandDeck("80".repeat(32), clientSeeds, 12)).not.toEqual(deck);
    expect(shuffleHandDeck(seed, ["alice-seed", "bob", "carol"], 12)).not.toEqual(deck);
  });

  it("verifies a revealed seed against its commitment and the dealt deck", () => {
    const deckHash = hashHandSeed(seed);
    expect(deckHash).toBe(sha256Hex(seed));
    const dealt = shuffleHandDeck(seed, clientSeeds, 3);
    expect(verifyHandDeck({ handSeed: seed, deckHash, clientSeeds, handNumber: 3 }, dealt)).toEqual({
      valid: true,
      deck: dealt,
      reason: null,
    });
    expect(
      verifyHandDeck({ handSeed: seed, deckHash: hashHandSeed("00"), clientSeeds, handNumber: 3 }).reason,
    ).toBe("seed_does_not_match_commitment");
    const swapped = [dealt[1]!, dealt[0]!, ...dealt.slice(2)];
    expect(verifyHandDeck({ handSeed: seed, deckHash, clientSeeds, handNumber: 3 }, swapped).reason).toBe(
      "deck_differs",
    );
  });
});

describe("dealing a committed deck", () => {
  it("deals hole cards from the top starting left of the button, and a burn before each street", () => {
    let table = makeTable({ 0: 500, 2: 500, 4: 500 });
    const positions = chooseHandPositions(table)!;
    const seeds = positions.dealtIn.map((seat) => `client-${seat}`);
    const deck = shuffleHandDeck(seed, seeds, table.handCount + 1);
    table = act(table, { type: "start_hand", deck, deckHash: hashHandSeed(seed) }).state;
    const hand = table.hand!;
    expect(hand.deckHash).toBe(hashHandSeed(seed));
    // Button 0: seats 2, 4, 0 get cards 0-2, then 3-5.
    expect(hand.players.map((p) => [p.seat, p.holeCards])).toEqual([
      [0, [deck[2], deck[5]]],
      [2, [deck[0], deck[3]]],
      [4, [deck[1], deck[4]]],
    ]);
    for (const seat of [0, 2, 4]) {
      table = act(
        table,
        table.hand!.currentBet > table.hand!.players.find((p) => p.seat === seat)!.bet
          ? { type: "call", seat }
          : { type: "check", seat },
      ).state;
    }
    expect(table.hand!.board).toEqual(deck.slice(7, 10));
    const proof = {
      handSeed: seed,
      deckHash: hand.deckHash!,
      clientSeeds: seeds,
      handNumber: hand.handNumber,
    };
    expect(verifyHandDeck(proof, deck).valid).toBe(true);
  });
});

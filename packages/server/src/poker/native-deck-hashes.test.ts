import { buildDeckCommitment, shuffleHandDeck } from "@casino/protocol";
import { PORTABLE_DECK_HASHES } from "@casino/protocol/poker/deck-hashes";
import { prepareHandDeck } from "@casino/protocol/poker/table/hand-steps";
import { describe, expect, it } from "vitest";
import { NATIVE_DECK_HASHES } from "./native-deck-hashes.ts";

const bytes = (value: string) => new TextEncoder().encode(value);

describe("native deck hashes", () => {
  it("give the portable hashes' hex for short, block-sized and long keys and messages", () => {
    for (const key of ["", "k", "ab".repeat(32), "long key é ".repeat(20)]) {
      const native = NATIVE_DECK_HASHES.hmacSha256HexWith(key);
      const portable = PORTABLE_DECK_HASHES.hmacSha256HexWith(key);
      // A long message after a short one: the reused input buffer grows and keeps the key's pad.
      for (const message of ["", "deck-salt:0", "m".repeat(64), "x".repeat(300), "deck-salt:51", "ü"]) {
        expect(native(message)).toBe(portable(message));
        expect(NATIVE_DECK_HASHES.sha256Hex(bytes(message))).toBe(
          PORTABLE_DECK_HASHES.sha256Hex(bytes(message)),
        );
      }
    }
  });

  it("shuffle and commit a hand's deck exactly as the browser's verifier does", () => {
    const seed = "3c".repeat(32);
    const seeds = ["alice", "bob", "carol"];
    const native = prepareHandDeck(seed, seeds, 41, NATIVE_DECK_HASHES);
    const deck = shuffleHandDeck(seed, seeds, 41);
    const tree = buildDeckCommitment(seed, deck);
    expect(native).toEqual({ deck, deckHash: tree.seedHash, deckRoot: tree.root });
    expect(buildDeckCommitment(seed, deck, NATIVE_DECK_HASHES).prove(17)).toEqual(tree.prove(17));
  });
});

import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import {
  auditDeck,
  buildDeckCommitment,
  DECK_POSITIONS,
  dealingOrder,
  dealtPositions,
  deckLeaf,
  deckSalt,
  verifyDeckPosition,
} from "./deck-commitment.ts";
import { openHand, verifyHandOpening } from "./deck-opening.ts";
import { chooseHandPositions } from "./engine/positions.ts";
import { act, makeTable } from "./engine/test-helpers.ts";
import { hashHandSeed, shuffleHandDeck } from "./fairness.ts";

const seed = "5a".repeat(32);
const clientSeeds = ["alice", "bob", "carol"];
const deck = shuffleHandDeck(seed, clientSeeds, 9);

describe("deck commitment", () => {
  it("salts each position with HMAC(hand seed, 'deck-salt:i') and hashes 0x00 | i | card | salt", () => {
    expect(deckSalt(seed, 7)).toBe(bytesToHex(hmac(sha256, utf8ToBytes(seed), utf8ToBytes("deck-salt:7"))));
    const bytes = new Uint8Array([
      0,
      7,
      deck[7]!,
      ...hmac(sha256, utf8ToBytes(seed), utf8ToBytes("deck-salt:7")),
    ]);
    expect(bytesToHex(deckLeaf(7, deck[7]!, deckSalt(seed, 7)))).toBe(bytesToHex(sha256(bytes)));
  });

  it("builds a root that every position's proof opens, and only with its own card and salt", () => {
    const tree = buildDeckCommitment(seed, deck);
    expect(tree.seedHash).toBe(hashHandSeed(seed));
    expect(tree.root).toMatch(/^[0-9a-f]{64}$/);
    for (let i = 0; i < DECK_POSITIONS; i++) {
      const proof = tree.prove(i);
      expect(proof.card).toBe(deck[i]);
      expect(verifyDeckPosition(tree.root, proof)).toBe(true);
      expect(verifyDeckPosition(tree.root, { ...proof, card: (proof.card + 1) % 52 })).toBe(false);
      expect(verifyDeckPosition(tree.root, { ...proof, salt: deckSalt(seed, (i + 1) % 52) })).toBe(false);
      expect(verifyDeckPosition(tree.root, { ...proof, position: (i + 1) % 52 })).toBe(false);
    }
    // The last position is carried up on the odd levels: a shorter path.
    expect(tree.prove(51).path.length).toBeLessThan(tree.prove(0).path.length);
    expect(verifyDeckPosition(tree.root, { ...tree.prove(3), path: tree.prove(3).path.slice(1) })).toBe(
      false,
    );
    expect(
      verifyDeckPosition(tree.root, { ...tree.prove(3), path: [...tree.prove(3).path, "00".repeat(32)] }),
    ).toBe(false);
    expect(verifyDeckPosition(tree.root, { ...tree.prove(3), salt: "nothex" })).toBe(false);
  });

  it("changes the root with the deck, the seed and the client seeds", () => {
    const root = buildDeckCommitment(seed, deck).root;
    const swapped = [...deck];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(buildDeckCommitment(seed, swapped).root).not.toBe(root);
    expect(buildDeckCommitment("6b".repeat(32), deck).root).not.toBe(root);
    expect(
      auditDeck({
        handSeed: seed,
        clientSeeds: ["alice", "bob", "eve"],
        handNumber: 9,
        seedHash: hashHandSeed(seed),
        root,
      }).reason,
    ).toBe("root_differs");
  });

  it("audits a whole deck from the seed: seed hash and root", () => {
    const { root } = buildDeckCommitment(seed, deck);
    const audit = { handSeed: seed, clientSeeds, handNumber: 9, seedHash: hashHandSeed(seed), root };
    expect(auditDeck(audit)).toMatchObject({ valid: true, deck, root, reason: null });
    expect(auditDeck({ ...audit, seedHash: hashHandSeed("00") }).reason).toBe(
      "seed_does_not_match_commitment",
    );
    expect(auditDeck({ ...audit, root: "00".repeat(32) }).reason).toBe("root_differs");
  });

  it("orders the seats dealt in from the first seat left of the button", () => {
    expect(dealingOrder(4, [0, 2, 4, 5], 6)).toEqual([5, 0, 2, 4]);
    expect(dealingOrder(0, [0, 2, 4], 6)).toEqual([2, 4, 0]);
    expect(dealtPositions(3)).toEqual({
      hole: [
        [0, 3],
        [1, 4],
        [2, 5],
      ],
      board: [7, 8, 9, 11, 13],
    });
  });
});

describe("hand openings", () => {
  it("match the positions the engine deals from, and open only what the viewer may see", () => {
    let table = makeTable({ 0: 500, 2: 500, 4: 500 });
    const positions = chooseHandPositions(table)!;
    const seeds = positions.dealtIn.map((s) => `client-${s}`);
    const handNumber = table.handCount + 1;
    const handDeck = shuffleHandDeck(seed, seeds, handNumber);
    table = act(table, { type: "start_hand", deck: handDeck, deckHash: hashHandSeed(seed) }).state;
    for (const s of [0, 2, 4]) {
      const p = table.hand!.players.find((x) => x.seat === s)!;
      table = act(
        table,
        table.hand!.currentBet > p.bet ? { type: "call", seat: s } : { type: "check", seat: s },
      ).state;
    }
    const hand = table.hand!;
    const order = dealingOrder(hand.buttonSeat, positions.dealtIn, 6);
    const opening = openHand({
      handSeed: seed,
      clientSeeds: seeds,
      handNumber,
      dealOrder: order,
      boardLength: hand.board.length,
      shownSeats: [],
      ownSeat: 2,
    });
    const holeOf = (s: number) => hand.players.find((p) => p.seat === s)!.holeCards;
    const check = verifyHandOpening(opening, { board: hand.board, holeCards: { 2: holeOf(2) } });
    expect(check).toMatchObject({ valid: true, problems: [], board: hand.board });
    expect(check.holeCards).toEqual({ 2: holeOf(2) });
    // Nothing else is in the answer: no seed, no other seat's cards.
    const text = JSON.stringify(opening);
    expect(text).not.toContain(seed);
    expect(opening.shown).toEqual([]);
    for (const s of [0, 4]) {
      for (const card of holeOf(s))
        expect(opening.board.some((p) => p.card === card) || holeOf(2).includes(card)).toBe(false);
    }
  });

  it("finds a card moved to another position, a wrong board, and a root other than the published one", () => {
    const order = [1, 2, 0];
    const opening = openHand({
      handSeed: seed,
      clientSeeds,
      handNumber: 9,
      dealOrder: order,
      boardLength: 5,
      shownSeats: [0, 1],
      ownSeat: null,
    });
    expect(verifyHandOpening(opening).valid).toBe(true);
    const moved = { ...opening, board: [opening.board[1]!, opening.board[0]!, ...opening.board.slice(2)] };
    expect(verifyHandOpening(moved).problems[0]).toMatch(/not from its dealt position/);
    const forged = {
      ...opening,
      board: [{ ...opening.board[0]!, card: (opening.board[0]!.card + 1) % 52 }, ...opening.board.slice(1)],
    };
    expect(verifyHandOpening(forged).problems[0]).toMatch(/does not match the root/);
    expect(verifyHandOpening(opening, { board: [0, 1, 2, 3, 4] }).valid).toBe(false);
    expect(verifyHandOpening(opening, {}, { root: "11".repeat(32) }).problems[0]).toMatch(
      /published before the deal/,
    );
    expect(verifyHandOpening(opening, { holeCards: { 2: [0, 1] } }).problems[0]).toMatch(/no proof/);
  });
});

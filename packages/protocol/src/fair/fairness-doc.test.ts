/**
 * Invariant: docs/FAIRNESS.md cannot drift from the games. Every worked example in it is replayed
 * with the code the server runs (hash, HMAC blocks, floats, cards, outcome), and its published
 * tables are compared with the protocol constants.
 */
import { readFileSync } from "node:fs";
import { bytesToHex } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import {
  BLACKJACK_NATURAL_MULTIPLIER,
  BLACKJACK_WIN_MULTIPLIER,
  DEALER_STANDS_ON,
} from "../games/blackjack/blackjack.ts";
import { DICE_MULTIPLIERS } from "../games/dice/dice.ts";
import { HILO_MAX_MULTIPLIER, HILO_MULTIPLIER_DECIMALS, HILO_RTP } from "../games/hilo/hilo.ts";
import { PLINKO_MULTIPLIERS, PLINKO_ROWS } from "../games/plinko/plinko.ts";
import {
  BASE_SYMBOL_WEIGHTS,
  BUY_BONUS_COST_MULTIPLIER,
  CLUSTER_TIER_SIZES,
  FREE_SPIN_MULTIPLIER,
  FREE_SPIN_SYMBOL_WEIGHTS,
  FREE_SPINS_AWARDED,
  SCATTERS_TO_TRIGGER,
  SLOT_PAYTABLE,
  SLOT_SYMBOLS,
  SLOTS_MAX_WIN_MULTIPLIER,
} from "../games/slots/symbols.ts";
import { verifyRound } from "../games/verify.ts";
import { buildDeckCommitment, dealtPositions, deckSalt } from "../poker/deck-commitment.ts";
import { handStreamPrefix, hashHandSeed, shuffleHandDeck } from "../poker/fairness.ts";
import { cardFromFloat } from "./cards.ts";
import { cardLabel, readFairnessBlocks, readFairnessExamples } from "./fairness-doc.ts";
import { createKeyedStream, hashServerSeed, roundFloats, streamBlock } from "./stream.ts";

const DOC = readFileSync(new URL("../../../../docs/FAIRNESS.md", import.meta.url), "utf8");

/** Floats a one-shot round reads (blackjack and hi-lo report their own `position`). */
const ONE_SHOT_FLOATS: Record<string, number> = { dice: 2, plinko: 12, slots: 25 };

const { rounds, decks } = readFairnessExamples(DOC);

describe("docs/FAIRNESS.md worked examples", () => {
  it("has at least one example of every game and of the poker deck", () => {
    const games = new Set([...rounds, ...decks].map((e) => e.game));
    expect([...games].sort()).toEqual(["blackjack", "dice", "hilo", "plinko", "poker-deck", "slots"]);
  });

  it.each(rounds.map((e) => [e.example, e] as const))("%s replays exactly as written", (_id, e) => {
    expect(hashServerSeed(e.serverSeed)).toBe(e.serverSeedHash);
    const blocks = e.hmac.map((_, r) =>
      bytesToHex(streamBlock(e.serverSeed, `${e.clientSeed}:${e.nonce}:${r}`)),
    );
    expect(blocks).toEqual(e.hmac);
    expect(e.hmac).toHaveLength(Math.ceil(e.floats.length / 8));
    expect(roundFloats(e.serverSeed, e.clientSeed, e.nonce, e.floats.length)).toEqual(e.floats);
    if (e.cards) expect(e.floats.map((f) => cardLabel(cardFromFloat(f)))).toEqual(e.cards);
    const result = verifyRound({
      serverSeed: e.serverSeed,
      clientSeed: e.clientSeed,
      nonce: e.nonce,
      input: e.input,
      outcome: e.outcome,
      serverSeedHash: e.serverSeedHash,
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.outcome).toEqual(e.outcome);
    expect(result.matches).toBe(true);
    const read = "position" in result.outcome ? result.outcome.position : ONE_SHOT_FLOATS[e.game];
    expect(e.floats, "the example lists every float the round reads").toHaveLength(read ?? -1);
  });

  it.each(decks.map((e) => [e.example, e] as const))("%s rebuilds the deck and its commitment", (_id, e) => {
    expect(hashHandSeed(e.handSeed)).toBe(e.handSeedHash);
    const prefix = handStreamPrefix(e.clientSeeds, e.handNumber);
    expect(e.hmac.map((_, r) => bytesToHex(streamBlock(e.handSeed, `${prefix}:${r}`)))).toEqual(e.hmac);
    const stream = createKeyedStream(e.handSeed, prefix);
    const floats = e.floats.map(() => stream.next());
    expect(floats).toEqual(e.floats);
    expect(e.swaps).toEqual(floats.map((f, k) => [51 - k, Math.floor(f * (52 - k))]));
    const deck = shuffleHandDeck(e.handSeed, e.clientSeeds, e.handNumber);
    expect(deck.map(cardLabel)).toEqual(e.deck);
    expect(deckSalt(e.handSeed, 0)).toBe(e.salt0);
    expect(buildDeckCommitment(e.handSeed, deck).root).toBe(e.root);
    const positions = dealtPositions(e.clientSeeds.length);
    expect(positions.hole).toEqual(e.holePositions);
    expect(positions.board).toEqual(e.boardPositions);
  });
});

describe("docs/FAIRNESS.md published tables", () => {
  const [constants] = readFairnessBlocks(DOC, "fairness-constants") as Record<string, unknown>[];

  it("match the protocol constants", () => {
    expect(constants).toEqual({
      diceMultipliers: DICE_MULTIPLIERS,
      plinkoRows: PLINKO_ROWS,
      plinkoMultipliers: PLINKO_MULTIPLIERS,
      slotsSymbols: SLOT_SYMBOLS,
      slotsBaseWeights: SLOT_SYMBOLS.map((s) => BASE_SYMBOL_WEIGHTS[s]),
      slotsFreeSpinWeights: SLOT_SYMBOLS.map((s) => FREE_SPIN_SYMBOL_WEIGHTS[s]),
      slotsClusterTierSizes: CLUSTER_TIER_SIZES,
      slotsPaytable: SLOT_PAYTABLE,
      slotsFreeSpins: FREE_SPINS_AWARDED,
      slotsFreeSpinMultiplier: FREE_SPIN_MULTIPLIER,
      slotsScattersToTrigger: SCATTERS_TO_TRIGGER,
      slotsBuyBonusCost: BUY_BONUS_COST_MULTIPLIER,
      slotsMaxWin: SLOTS_MAX_WIN_MULTIPLIER,
      blackjackNatural: BLACKJACK_NATURAL_MULTIPLIER,
      blackjackWin: BLACKJACK_WIN_MULTIPLIER,
      blackjackDealerStandsOn: DEALER_STANDS_ON,
      hiloRtp: HILO_RTP,
      hiloMultiplierDecimals: HILO_MULTIPLIER_DECIMALS,
      hiloMaxMultiplier: HILO_MAX_MULTIPLIER,
    });
  });

  it("print the slots symbol ranges of floor(f * 10000) that the weights give", () => {
    let base = 0;
    let free = 0;
    for (const symbol of SLOT_SYMBOLS) {
      const row = DOC.split("\n").find(
        (line) => line.startsWith(`| ${symbol} |`) || line.startsWith(`| ${symbol} (`),
      );
      const b = BASE_SYMBOL_WEIGHTS[symbol];
      const f = FREE_SPIN_SYMBOL_WEIGHTS[symbol];
      const range = (at: number, w: number) => (w === 0 ? "–" : `${at}–${at + w - 1}`);
      expect(row, symbol).toContain(`| ${b} | ${range(base, b)} | ${f} | ${range(free, f)} |`);
      base += b;
      free += f;
    }
  });
});

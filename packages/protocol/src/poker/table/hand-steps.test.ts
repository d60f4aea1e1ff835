import { describe, expect, it } from "vitest";
import { auditDeck } from "../deck-commitment.ts";
import { act, makeTable, startPlain } from "../engine/test-helpers.ts";
import { prepareHandDeck, summarizeSettlement } from "./hand-steps.ts";

describe("prepareHandDeck: the deck a player can audit from the published commitments", () => {
  it("shuffles the 52 cards and publishes the seed hash and root the auditor checks", () => {
    const seed = "ab".repeat(32);
    const prepared = prepareHandDeck(seed, ["c1", "c2"], 7);
    expect([...prepared.deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    const audit = auditDeck({
      handSeed: seed,
      clientSeeds: ["c1", "c2"],
      handNumber: 7,
      seedHash: prepared.deckHash,
      root: prepared.deckRoot,
    });
    expect(audit).toMatchObject({ valid: true, deck: prepared.deck, root: prepared.deckRoot });
    expect(prepareHandDeck(seed, ["c1", "c2"], 8).deck).not.toEqual(prepared.deck);
  });
});

describe("summarizeSettlement: what a finished hand leaves to store", () => {
  it("lists the players who left after the end with their stacks, and every player's end stack", () => {
    let state = startPlain(makeTable({ 0: 500, 1: 500, 2: 500 }));
    const events = [];
    const leaver = state.hand!.toAct!;
    const left = act(state, { type: "leave", seat: leaver });
    state = left.state;
    events.push(...left.events);
    while (state.hand && !state.hand.ended) {
      const folded = act(state, { type: "fold", seat: state.hand.toAct! });
      state = folded.state;
      events.push(...folded.events);
    }
    const settlement = summarizeSettlement(state, events);
    expect(settlement.departures).toEqual([
      expect.objectContaining({ type: "player_left", seat: leaver, stack: 500 }),
    ]);
    expect(settlement.endStacks.map((s) => s.seat)).toEqual([0, 1, 2]);
    const total = settlement.endStacks.reduce((sum, s) => sum + s.stack, 0);
    expect(total).toBe(1500 - state.hand!.rake);
    expect(settlement.endStacks.find((s) => s.seat === leaver)?.stack).toBe(500);
  });
});

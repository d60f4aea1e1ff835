import { describe, expect, it } from "vitest";
import { legalActions } from "../engine/betting.ts";
import { applyTableAction } from "../engine/reducer.ts";
import { act, cards, chipsBroughtBy, chipsOnTable, makeTable, startRigged } from "../engine/test-helpers.ts";
import type { TableState } from "../engine/types.ts";
import { playerView } from "../engine/view.ts";
import { createSeededRandom, drawDistinctCards } from "../seeded-random.ts";
import { chenScore } from "./chen.ts";
import { decideBotAction } from "./decide.ts";
import { estimateEquity } from "./equity.ts";

describe("Chen score", () => {
  it.each([
    ["As Ah", 20],
    ["As Ks", 12],
    ["Ah Kd", 10],
    ["Js Ts", 9],
    ["5c 5d", 5],
    ["2c 2d", 5],
    ["7c 2d", -1],
    ["9h 7h", 7],
  ])("scores %s as %d", (hand, score) => {
    const [a, b] = cards(hand) as [number, number];
    expect(chenScore(a, b)).toBe(score);
  });
});

describe("Monte Carlo equity", () => {
  it("puts pocket aces near 85% against one random hand", () => {
    const equity = estimateEquity(cards("As Ah"), [], 1, 4000, createSeededRandom(1));
    expect(equity).toBeGreaterThan(0.82);
    expect(equity).toBeLessThan(0.88);
  });

  it("gives the nuts on the river all of the pot, a board-played hand a split, and 7-2 offsuit little", () => {
    expect(estimateEquity(cards("As Ks"), cards("Qs Js Ts 2d 3c"), 3, 200, createSeededRandom(2))).toBe(1);
    expect(
      estimateEquity(cards("2c 3d"), cards("Ah Kh Qh Jh Th"), 2, 200, createSeededRandom(3)),
    ).toBeCloseTo(1 / 3, 10);
    expect(estimateEquity(cards("7c 2d"), [], 1, 4000, createSeededRandom(3))).toBeLessThan(0.4);
  });

  it("shrinks as opponents are added", () => {
    const random = createSeededRandom(4);
    const one = estimateEquity(cards("Ts 9s"), [], 1, 2000, random);
    const four = estimateEquity(cards("Ts 9s"), [], 4, 2000, random);
    expect(four).toBeLessThan(one - 0.2);
  });
});

describe("bot decisions", () => {
  const random = createSeededRandom(5);
  const decide = (state: TableState, seat: number) =>
    decideBotAction(playerView(state, seat), legalActions(state, seat), random);

  it("raises pocket aces pre-flop", () => {
    const s = startRigged(makeTable({ 0: 1000, 1: 1000, 2: 1000 }), { 0: "As Ah" }, "").state;
    expect(["raise", "all_in"]).toContain(decide(s, 0).type);
  });

  it("folds 7-2 offsuit to a big raise", () => {
    let s = startRigged(makeTable({ 0: 1000, 1: 1000, 2: 1000 }), { 1: "7c 2d" }, "").state;
    s = act(s, { type: "raise", seat: 0, amount: 300 }).state;
    expect(decide(s, 1).type).toBe("fold");
  });

  it("bets or raises the nuts on the river", () => {
    let s = startRigged(makeTable({ 0: 1000, 1: 1000 }), { 0: "As Ks", 1: "2h 2c" }, "Qs Js Ts 4d 3c").state;
    s = act(s, { type: "call", seat: 0 }).state;
    for (const seat of [1, 1, 0, 1, 0, 1]) s = act(s, { type: "check", seat }).state;
    expect(s.hand!.street).toBe("river");
    expect(s.hand!.toAct).toBe(0);
    expect(["bet", "all_in"]).toContain(decide(s, 0).type);
  });

  it("only ever chooses legal moves, from its own view, in whole games between bots", () => {
    const dealer = createSeededRandom(6);
    let s = makeTable({ 0: 1000, 1: 600, 2: 1500, 3: 400, 4: 1000, 5: 800 });
    let expected = chipsOnTable(s);
    let hands = 0;
    while (hands < 60) {
      const hand = s.hand;
      let result: ReturnType<typeof applyTableAction>;
      if (!hand || hand.ended) {
        result = applyTableAction(s, { type: "start_hand", deck: drawDistinctCards(dealer, 52) });
        if ("error" in result) break;
        hands++;
      } else if (hand.toAct === null) result = applyTableAction(s, { type: "advance" });
      else {
        const view = playerView(s, hand.toAct);
        expect(
          view.hand!.players.filter((p) => p.holeCards.length > 0 && p.seat !== hand.toAct && !p.shown),
        ).toEqual([]);
        result = applyTableAction(s, decideBotAction(view, legalActions(s, hand.toAct), random));
      }
      if ("error" in result) throw new Error(result.error.code);
      s = result.state;
      expected += chipsBroughtBy(result.events);
      expect(chipsOnTable(s)).toBe(expected);
    }
    expect(hands).toBeGreaterThan(10);
  });
});

import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RANKS } from "../../fair/cards.ts";
import { createFloatStream } from "../../fair/stream.ts";
import { createCardStream } from "../sim/scripted-stream.ts";
import { createSeededStream } from "../sim/seeded-stream.ts";
import {
  applyBlackjackAction,
  BLACKJACK_ACTIONS,
  BLACKJACK_MAX_RETURN_MULTIPLIER,
  type BlackjackAction,
  type BlackjackState,
  type BlackjackStep,
  standAbandonedBlackjack,
  startBlackjack,
} from "./blackjack.ts";
import { handTotal } from "./hand.ts";
import { blackjackPlayerView } from "./view.ts";

/** A card of a rank ("2".."10", "J", "Q", "K", "A"); the suit varies with `suit` (0 = diamonds). */
function card(rank: string, suit = 0): number {
  const index = RANKS.indexOf(rank as (typeof RANKS)[number]);
  if (index < 0) throw new Error(rank);
  return index * 4 + suit;
}

/** Cards for a deal: player first, dealer up, player second, dealer hole, then the draws. */
function deal(ranks: string[]): number[] {
  return ranks.map((rank, i) => card(rank, i % 4));
}

const STAKE = 10_000_000;

/** Plays a scripted round: deal, then actions; every action must be accepted. */
function play(
  ranks: string[],
  actions: BlackjackAction[],
): { state: BlackjackState; steps: BlackjackStep[] } {
  const stream = createCardStream(deal(ranks));
  let state = startBlackjack(STAKE, stream);
  const steps: BlackjackStep[] = [];
  for (const action of actions) {
    const step = applyBlackjackAction(state, action, stream);
    if ("error" in step) throw new Error(`${action}: ${step.error}`);
    steps.push(step);
    state = step.state;
  }
  return { state, steps };
}

describe("hand totals", () => {
  it.each([
    [["A", "6"], 17, true],
    [["A", "6", "10"], 17, false],
    [["A", "A"], 12, true],
    [["A", "A", "9"], 21, true],
    [["K", "Q", "2"], 22, false],
    [["A", "5", "A", "4"], 21, true],
    [["5", "6"], 11, false],
  ])("%j totals %i (soft: %s)", (ranks, total, soft) => {
    expect(handTotal(ranks.map((rank) => card(rank)))).toEqual({ total, soft });
  });
});

describe("blackjack rounds", () => {
  it("pays a natural 3:2 at once", () => {
    const { state } = play(["A", "9", "K", "7"], []);
    expect(state.phase).toBe("settled");
    expect(state.hands[0]!.result).toBe("blackjack");
    expect(state.totalWin).toBe(25_000_000);
  });

  it("dealer peeks under an ace: a dealer natural ends the round before the player acts", () => {
    const { state } = play(["9", "A", "9", "K"], []);
    expect(state.phase).toBe("settled");
    expect(state.hands[0]!.result).toBe("lose");
    expect(state.totalWin).toBe(0);
  });

  it("dealer peeks under a ten: natural against natural pushes", () => {
    const { state } = play(["A", "Q", "K", "A"], []);
    expect(state.hands[0]!.result).toBe("push");
    expect(state.totalWin).toBe(STAKE);
  });

  it("no peek under a six: the player acts", () => {
    const { state } = play(["9", "6", "9", "5"], []);
    expect(state.phase).toBe("player");
  });

  it("dealer stands on soft 17", () => {
    const { state } = play(["10", "A", "8", "6"], ["stand"]);
    expect(state.dealer).toHaveLength(2);
    expect(handTotal(state.dealer)).toEqual({ total: 17, soft: true });
    expect(state.hands[0]!.result).toBe("win");
  });

  it("dealer hits hard 16 and busts", () => {
    const { state } = play(["10", "10", "7", "6", "9"], ["stand"]);
    expect(state.dealer).toHaveLength(3);
    expect(state.hands[0]!.result).toBe("win");
    expect(state.totalWin).toBe(20_000_000);
  });

  it("a bust loses without the dealer drawing", () => {
    const { state } = play(["10", "5", "6", "10", "K"], ["hit"]);
    expect(state.phase).toBe("settled");
    expect(state.hands[0]!.result).toBe("bust");
    expect(state.dealer).toHaveLength(2);
  });

  it("21 after a hit must stand: hit and double are refused", () => {
    const stream = createCardStream(deal(["5", "9", "6", "8", "K", "2"]));
    const start = startBlackjack(STAKE, stream);
    const hit = applyBlackjackAction(start, "hit", stream);
    if ("error" in hit) throw new Error(hit.error);
    expect(handTotal(hit.state.hands[0]!.cards).total).toBe(21);
    expect(applyBlackjackAction(hit.state, "hit", stream)).toEqual({ error: "blackjack/illegal_action" });
    const stand = applyBlackjackAction(hit.state, "stand", stream);
    if ("error" in stand) throw new Error(stand.error);
    expect(stand.state.hands[0]!.result).toBe("win");
  });

  it("double takes one card and asks the ledger for the extra stake", () => {
    const { state, steps } = play(["6", "9", "5", "7", "K", "10"], ["double"]);
    expect(steps[0]!.additionalStake).toBe(STAKE);
    expect(state.hands[0]).toMatchObject({ doubled: true, stake: 2 * STAKE, result: "win", win: 4 * STAKE });
    expect(state.totalStake).toBe(2 * STAKE);
  });

  it("double is refused after a hit, split is refused on unequal ranks (K-Q)", () => {
    const stream = createCardStream(deal(["K", "9", "Q", "7", "2"]));
    const start = startBlackjack(STAKE, stream);
    expect(applyBlackjackAction(start, "split", stream)).toEqual({ error: "blackjack/illegal_action" });
    const stream2 = createCardStream(deal(["4", "9", "3", "7", "2"]));
    const hit = applyBlackjackAction(startBlackjack(STAKE, stream2), "hit", stream2);
    if ("error" in hit) throw new Error(hit.error);
    expect(applyBlackjackAction(hit.state, "double", stream2)).toEqual({ error: "blackjack/illegal_action" });
  });

  it("split aces take one card each, and an ace with a ten after a split is 21, not a blackjack", () => {
    const { state, steps } = play(["A", "9", "A", "7", "K", "5", "2"], ["split"]);
    expect(steps[0]!.additionalStake).toBe(STAKE);
    expect(state.phase).toBe("settled");
    expect(state.hands.map((hand) => hand.cards.length)).toEqual([2, 2]);
    expect(state.hands[0]!.result).toBe("win");
    expect(state.hands[0]!.win).toBe(2 * STAKE);
    expect(state.hands[1]!.result).toBe("lose");
    expect(state.totalStake).toBe(2 * STAKE);
  });

  it("double after split, then the dealer plays once against both hands", () => {
    // Player 8,8 vs dealer 6 (hole 10). Split: hands get 3 and 10. Double the 11 (draws K = 21), stand 18.
    const { state, steps } = play(["8", "6", "8", "10", "3", "10", "K", "7"], ["split", "double", "stand"]);
    expect(steps.map((step) => step.additionalStake)).toEqual([STAKE, STAKE, 0]);
    expect(state.totalStake).toBe(3 * STAKE);
    expect(state.dealer.map((c) => handTotal([c]).total)).toEqual([6, 10, 7]);
    expect(state.hands.map((hand) => hand.result)).toEqual(["win", "win"]);
    expect(state.totalWin).toBe(4 * STAKE + 2 * STAKE);
  });

  it("only one split: a pair after splitting cannot split again", () => {
    const { state } = play(["8", "6", "8", "10", "8", "3"], ["split"]);
    expect(state.hands[0]!.cards.map((c) => handTotal([c]).total)).toEqual([8, 8]);
    expect(applyBlackjackAction(state, "split", createCardStream([]))).toEqual({
      error: "blackjack/illegal_action",
    });
  });

  it("refuses every action once the round is settled", () => {
    const { state } = play(["A", "9", "K", "7"], []);
    for (const action of BLACKJACK_ACTIONS) {
      expect(applyBlackjackAction(state, action, createCardStream([]))).toEqual({
        error: "blackjack/round_over",
      });
    }
  });

  it("the player's view hides the hole card until the round settles", () => {
    const stream = createCardStream(deal(["10", "9", "7", "K", "5"]));
    const start = startBlackjack(STAKE, stream);
    const view = blackjackPlayerView(start);
    expect(view.dealerCards[1]).toEqual({ suit: "hidden", rank: "hidden" });
    expect(view.dealerTotal).toBe(9);
    expect(JSON.stringify(view)).not.toContain('"K"');
    expect(view.legal).toEqual({ hit: true, stand: true, double: true, split: false });
    const stand = applyBlackjackAction(start, "stand", stream);
    if ("error" in stand) throw new Error(stand.error);
    const settled = blackjackPlayerView(stand.state);
    expect(settled.dealerCards[1]).toEqual({ rank: "K", suit: "clubs" });
    expect(settled.dealerTotal).toBe(19);
    expect(settled.result).toBe("lose");
  });

  it("an abandoned round stands on every remaining hand", () => {
    const cards = ["8", "6", "8", "10", "3", "10", "A"];
    const { state } = play(cards, ["split"]);
    const stream = createCardStream(deal(cards));
    for (let i = 0; i < state.position; i++) stream.next();
    const settled = standAbandonedBlackjack(state, stream);
    expect(settled.actions).toEqual(["stand", "stand"]);
    expect(settled.state.phase).toBe("settled");
    expect(settled.state.hands.map((hand) => hand.result)).toEqual(["lose", "win"]);
  });
});

describe("blackjack on the provably-fair stream", () => {
  const serverSeed = "b1".repeat(32);

  it("known answer: the deal takes cards floor(f * 52) of floats 0..3 from node:crypto's HMAC", () => {
    const bytes = createHmac("sha256", serverSeed).update("galaxy:9:0").digest();
    const cards = [0, 1, 2, 3].map((i) => {
      const f =
        bytes[i * 4]! / 256 +
        bytes[i * 4 + 1]! / 256 ** 2 +
        bytes[i * 4 + 2]! / 256 ** 3 +
        bytes[i * 4 + 3]! / 256 ** 4;
      return Math.floor(f * 52);
    });
    const state = startBlackjack(STAKE, createFloatStream(serverSeed, "galaxy", 9));
    expect([state.hands[0]!.cards[0], state.dealer[0], state.hands[0]!.cards[1], state.dealer[1]]).toEqual(
      cards,
    );
    expect(state.position).toBe(4);
  });

  it("resumes after a restart from the stored state and position", () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const stream = createFloatStream(serverSeed, "resume", nonce);
      let state = startBlackjack(STAKE, stream);
      let resumed = JSON.parse(JSON.stringify(state)) as BlackjackState;
      while (state.phase === "player") {
        const action: BlackjackAction =
          handTotal(state.hands[state.activeHand]!.cards).total < 15 ? "hit" : "stand";
        const live = applyBlackjackAction(state, action, stream);
        const restarted = applyBlackjackAction(
          resumed,
          action,
          createFloatStream(serverSeed, "resume", nonce, resumed.position),
        );
        if ("error" in live || "error" in restarted) throw new Error("refused");
        expect(restarted.state).toEqual(live.state);
        state = live.state;
        resumed = JSON.parse(JSON.stringify(restarted.state)) as BlackjackState;
      }
    }
  });

  it("any sequence of actions keeps money whole, conserved and within the max return", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.array(fc.constantFrom(...BLACKJACK_ACTIONS), { maxLength: 12 }),
        (seed, stake, actions) => {
          const stream = createSeededStream(seed);
          let state = startBlackjack(stake, stream);
          let debited = stake;
          for (const action of [...actions, "stand", "stand", "stand"] as BlackjackAction[]) {
            const step = applyBlackjackAction(state, action, stream);
            if ("error" in step) continue;
            debited += step.additionalStake;
            state = step.state;
          }
          expect(state.phase).toBe("settled");
          expect(state.totalStake).toBe(debited);
          expect(state.totalWin).toBe(state.hands.reduce((sum, hand) => sum + hand.win, 0));
          expect(Number.isSafeInteger(state.totalWin)).toBe(true);
          expect(state.totalWin).toBeLessThanOrEqual(stake * BLACKJACK_MAX_RETURN_MULTIPLIER);
        },
      ),
      { seed: 3, numRuns: 2_000 },
    );
  });
});

import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RANKS } from "../../fair/cards.ts";
import { createFloatStream } from "../../fair/stream.ts";
import { simulateRounds } from "../sim/runners.ts";
import { createCardStream } from "../sim/scripted-stream.ts";
import { createSeededStream } from "../sim/seeded-stream.ts";
import { summariseRtp } from "../sim/stats.ts";
import {
  cashOutHilo,
  guessHilo,
  HILO_MAX_MULTIPLIER,
  type HiloGuess,
  type HiloState,
  hiloCard,
  hiloMultiplier,
  hiloQuote,
  hiloRank,
  settleAbandonedHilo,
  startHilo,
} from "./hilo.ts";

/** A card of a rank in the fixed order (suit 0 = diamonds unless given). */
function card(rank: string, suit = 0): number {
  return RANKS.indexOf(rank as (typeof RANKS)[number]) * 4 + suit;
}

const STAKE = 1_000_000;

/** Starts on the first card and applies guesses on the following cards; every guess must be accepted. */
function playCards(ranks: string[], guesses: HiloGuess[]): HiloState {
  const stream = createCardStream(ranks.map((rank) => card(rank)));
  let state = startHilo(STAKE, stream);
  for (const guess of guesses) {
    const step = guessHilo(state, guess, stream);
    if ("error" in step) throw new Error(step.error);
    state = step.state;
  }
  return state;
}

describe("hi-lo", () => {
  it("ranks A low to K high and sends SPEC.md's card shape", () => {
    expect(["A", "2", "10", "J", "Q", "K"].map((rank) => hiloRank(card(rank)))).toEqual([
      1, 2, 10, 11, 12, 13,
    ]);
    expect(hiloCard(card("Q", 0))).toEqual({ suit: "♦", value: "Q" });
    expect(hiloCard(card("A", 3))).toEqual({ suit: "♣", value: "A" });
    expect(hiloCard(card("10", 2))).toEqual({ suit: "♠", value: "10" });
    expect(hiloCard(card("3", 1))).toEqual({ suit: "♥", value: "3" });
  });

  it("a tie loses", () => {
    const state = playCards(["7", "7"], ["higher"]);
    expect(state.status).toBe("lost");
    expect(state.win).toBe(0);
  });

  it("a wrong guess loses, a right one raises the streak", () => {
    expect(playCards(["7", "3"], ["higher"]).status).toBe("lost");
    const right = playCards(["7", "9"], ["higher"]);
    expect(right.status).toBe("active");
    expect(right.streak).toBe(1);
  });

  it.each([
    // first card, guesses and cards, multiplier = floor(9750 * 13^k / prod(n_i)) / 10^4
    [["7", "9"], ["higher"], Math.floor((9750 * 13) / 6) / 10_000],
    [["2", "A"], ["lower"], Math.floor((9750 * 13) / 1) / 10_000],
    [["A", "K"], ["higher"], Math.floor((9750 * 13) / 12) / 10_000],
    [["5", "J", "3"], ["higher", "lower"], Math.floor((9750 * 169) / (8 * 10)) / 10_000],
    [
      ["K", "Q", "J", "10"],
      ["lower", "lower", "lower"],
      Math.floor((9750 * 13 ** 3) / (12 * 11 * 10)) / 10_000,
    ],
  ] as const)("cards %j with guesses %j pay %f", (ranks, guesses, multiplier) => {
    const state = playCards([...ranks], [...guesses]);
    expect(hiloMultiplier(state)).toBe(multiplier);
    const cashed = cashOutHilo(state);
    if ("error" in cashed) throw new Error(cashed.error);
    expect(cashed.state.status).toBe("cashed_out");
    expect(cashed.state.win).toBe(Math.floor(STAKE * multiplier));
  });

  it("quotes what HIGHER and LOWER would pay before each guess", () => {
    const state = playCards(["4"], []);
    const quote = hiloQuote(state);
    expect(quote.streak).toBe(0);
    expect(quote.potentialWin).toBe(0);
    expect(quote.higher).toEqual({ probability: 9 / 13, multiplier: Math.floor((9750 * 13) / 9) / 10_000 });
    expect(quote.lower).toEqual({ probability: 3 / 13, multiplier: Math.floor((9750 * 13) / 3) / 10_000 });
    expect(hiloQuote(playCards(["A"], [])).lower).toBeNull();
    expect(hiloQuote(playCards(["K"], [])).higher).toBeNull();
  });

  it("refuses impossible guesses, cash-out without a streak and moves after the round ends", () => {
    const ace = playCards(["A"], []);
    expect(guessHilo(ace, "lower", createCardStream([]))).toEqual({ error: "hilo/impossible_guess" });
    expect(guessHilo(playCards(["K"], []), "higher", createCardStream([]))).toEqual({
      error: "hilo/impossible_guess",
    });
    expect(cashOutHilo(ace)).toEqual({ error: "hilo/no_streak" });
    const lost = playCards(["7", "7"], ["lower"]);
    expect(guessHilo(lost, "higher", createCardStream([card("2")]))).toEqual({ error: "hilo/round_over" });
    expect(cashOutHilo(lost)).toEqual({ error: "hilo/round_over" });
  });

  it("settles an abandoned round: a cash-out with a streak, the game's 97.5% return before any guess", () => {
    const fresh = playCards(["9"], []);
    expect(settleAbandonedHilo(fresh)).toEqual({ state: { ...fresh, status: "cashed_out", win: 975_000 } });
    const won = playCards(["2", "9"], ["higher"]);
    expect(settleAbandonedHilo(won)).toEqual(cashOutHilo(won));
    const lost = playCards(["7", "7"], ["lower"]);
    expect(settleAbandonedHilo(lost)).toEqual({ error: "hilo/round_over" });
  });

  it("stops guessing at the max multiplier, so the player cashes out", () => {
    // From a 2, "lower" to an ace pays 13x; from an ace, "higher" to a 2 pays 13/12x.
    const ranks = ["2", ...Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? "A" : "2"))];
    const stream = createCardStream(ranks.map((rank) => card(rank)));
    let state = startHilo(STAKE, stream);
    while (hiloMultiplier(state) < HILO_MAX_MULTIPLIER) {
      const atAce = hiloRank(state.cards[state.cards.length - 1]!) === 1;
      const step = guessHilo(state, atAce ? "higher" : "lower", stream);
      if ("error" in step) throw new Error(step.error);
      state = step.state;
    }
    // 0.975 * 13^6 * (13/12)^5 passes 10^6 after 11 right guesses; 10 stay below.
    expect(state.streak).toBe(11);
    expect(hiloMultiplier(state)).toBe(Number((9750n * 13n ** 11n) / 12n ** 5n) / 10_000);
    expect(guessHilo(state, "higher", stream)).toEqual({ error: "hilo/max_multiplier" });
    expect(hiloQuote(state).higher).toBeNull();
    const cashed = cashOutHilo(state);
    if ("error" in cashed) throw new Error(cashed.error);
    expect(Number.isSafeInteger(cashed.state.win)).toBe(true);
  });

  it("known answer: cards come from node:crypto's HMAC floats in order", () => {
    const serverSeed = "d4".repeat(32);
    const bytes = createHmac("sha256", serverSeed).update("hilo:12:0").digest();
    const cards = [0, 1, 2].map((i) =>
      Math.floor(
        (bytes[i * 4]! / 256 +
          bytes[i * 4 + 1]! / 256 ** 2 +
          bytes[i * 4 + 2]! / 256 ** 3 +
          bytes[i * 4 + 3]! / 256 ** 4) *
          52,
      ),
    );
    const stream = createFloatStream(serverSeed, "hilo", 12);
    let state = startHilo(STAKE, stream);
    for (let i = 0; i < 2 && state.status === "active"; i++) {
      const rank = hiloRank(state.cards[i]!);
      const step = guessHilo(state, rank <= 7 ? "higher" : "lower", stream);
      if ("error" in step) throw new Error(step.error);
      state = step.state;
    }
    expect(state.cards).toEqual(cards.slice(0, state.cards.length));
  });

  it("the exact RTP of 'one guess on the likelier side, then cash out' is 97.5% less the rounding", () => {
    let rtp = 0;
    for (let rank = 1; rank <= 13; rank++) {
      const wins = Math.max(13 - rank, rank - 1);
      rtp += (1 / 13) * (wins / 13) * (Math.floor((9750 * 13) / wins) / 10_000);
    }
    expect(rtp).toBeLessThanOrEqual(0.975);
    expect(rtp).toBeGreaterThan(0.9749);
  });

  it("any play keeps wins whole and within the max multiplier", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.array(fc.constantFrom("higher", "lower", "cashout"), { maxLength: 30 }),
        (seed, stake, moves) => {
          const stream = createSeededStream(seed);
          let state = startHilo(stake, stream);
          for (const move of moves) {
            const step =
              move === "cashout" ? cashOutHilo(state) : guessHilo(state, move as HiloGuess, stream);
            if (!("error" in step)) state = step.state;
          }
          expect(Number.isSafeInteger(state.win)).toBe(true);
          expect(state.win).toBeLessThanOrEqual(stake * HILO_MAX_MULTIPLIER * 13);
          if (state.status !== "cashed_out") expect(state.win).toBe(0);
        },
      ),
      { seed: 9, numRuns: 2_000 },
    );
  });

  it.each([1, 3, 6])(
    "simulated RTP cashing out after %i right guesses lies within 3 standard errors of 97.5%",
    (steps) => {
      const summary = summariseRtp(
        simulateRounds({ game: "hilo", cashOutAfter: steps }, 400_000, 41 + steps),
      );
      expect(Math.abs(summary.rtp - 0.975)).toBeLessThan((3 * summary.halfWidth95) / 1.96);
    },
  );
});

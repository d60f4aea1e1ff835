import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createFloatStream } from "../../fair/stream.ts";
import { simulateRounds } from "../sim/runners.ts";
import { createScriptedStream } from "../sim/scripted-stream.ts";
import { createSeededStream } from "../sim/seeded-stream.ts";
import { summariseRtp } from "../sim/stats.ts";
import { findClusters } from "./clusters.ts";
import { clusterPay, clusterTier, isBonusCapReached, playFreeSpin, spinSlots } from "./slots.ts";
import {
  BASE_SYMBOL_WEIGHTS,
  FREE_SPIN_SYMBOL_WEIGHTS,
  SCATTERS_TO_TRIGGER,
  SLOT_SYMBOLS,
  SLOTS_MAX_WIN_MULTIPLIER,
  type SlotSymbol,
} from "./symbols.ts";

/** One letter per symbol, for drawing grids in tests. */
const LETTERS: Record<string, SlotSymbol> = {
  P: "planet",
  S: "star",
  C: "comet",
  M: "moon",
  R: "rocket",
  A: "alien",
  U: "ufo",
  G: "galaxy",
  T: "astronaut",
  B: "blackhole",
};

/** A drawn grid (5 rows of 5 letters) as symbol names in row order. */
function drawGrid(rows: string): SlotSymbol[] {
  const cells = rows.trim().split(/\s+/);
  expect(cells).toHaveLength(25);
  return cells.map((letter) => LETTERS[letter]!);
}

/** Floats that fill exactly these symbols from a weight table: the middle of each symbol's weight slice. */
function floatsFor(symbols: SlotSymbol[], weights: Record<SlotSymbol, number>): number[] {
  const total = Object.values(weights).reduce((a, b) => a + b, 0);
  return symbols.map((symbol) => {
    let start = 0;
    for (const other of SLOT_SYMBOLS) {
      if (other === symbol) break;
      start += weights[other];
    }
    if (weights[symbol] === 0) throw new Error(`${symbol} cannot appear in this table`);
    return (start + weights[symbol] / 2) / total;
  });
}

const STAKE = 1_000_000;

/** Three clusters of five (an L of planets, a block of stars, a line of aliens) and no scatter. */
const THREE_CLUSTERS = drawGrid(`
    P P P S S
    P C C S S
    P C C S M
    A A A A A
    U G B G G`);

describe("cluster detection", () => {
  const grid = THREE_CLUSTERS;
  const indexes = grid.map((symbol) => SLOT_SYMBOLS.indexOf(symbol));

  it("finds L-shapes, blocks and lines of 5+, not groups of 4, ordered by first cell", () => {
    const clusters = findClusters(indexes, SLOT_SYMBOLS.indexOf("blackhole"));
    expect(clusters.map((cluster) => [SLOT_SYMBOLS[cluster.symbol], cluster.cells])).toEqual([
      ["planet", [0, 1, 2, 5, 10]],
      ["star", [3, 4, 8, 9, 13]],
      ["alien", [15, 16, 17, 18, 19]],
    ]);
  });

  it("never joins diagonal neighbours and never clusters scatters", () => {
    const diagonal = drawGrid(`
      P S P S P
      S P S P S
      P S P S P
      S P S P S
      P S P S P`).map((symbol) => SLOT_SYMBOLS.indexOf(symbol));
    expect(findClusters(diagonal, 9)).toEqual([]);
    const scatters = drawGrid(`
      B B B B B
      P S C M R
      S P M C A
      P S C M R
      S P M C A`).map((symbol) => SLOT_SYMBOLS.indexOf(symbol));
    expect(findClusters(scatters, 9)).toEqual([]);
  });

  it.each([
    [5, 0],
    [6, 1],
    [8, 3],
    [9, 4],
    [10, 4],
    [12, 5],
    [15, 6],
    [16, 7],
    [25, 7],
  ])("a cluster of %i is in paytable tier %i", (size, tier) => {
    expect(clusterTier(size)).toBe(tier);
  });
});

describe("spins", () => {
  it("pays every cluster of the grid, summed, and returns their positions by row and column", () => {
    const grid = THREE_CLUSTERS;
    const outcome = spinSlots(STAKE, createScriptedStream(floatsFor(grid, BASE_SYMBOL_WEIGHTS)));
    expect(outcome.grid).toEqual(grid);
    expect(outcome.clusterWins).toEqual([
      { symbol: "planet", size: 5, pay: 1 },
      { symbol: "star", size: 5, pay: 1.5 },
      { symbol: "alien", size: 5, pay: 8 },
    ]);
    expect(outcome.clusters[0]).toEqual([
      { row: 0, col: 0 },
      { row: 0, col: 1 },
      { row: 0, col: 2 },
      { row: 1, col: 0 },
      { row: 2, col: 0 },
    ]);
    expect(outcome.win).toBe(10_500_000);
    expect(outcome.isWin).toBe(true);
    expect(outcome.bonusTriggered).toBe(false);
  });

  it(`${SCATTERS_TO_TRIGGER} scatters anywhere trigger 10 free spins; 2 do not`, () => {
    const three = drawGrid(`
      B P S C M
      P S C M B
      S C M B P
      C M P S C
      M P S C M`);
    const outcome = spinSlots(STAKE, createScriptedStream(floatsFor(three, BASE_SYMBOL_WEIGHTS)));
    expect(outcome).toMatchObject({
      scatterCount: 3,
      bonusTriggered: true,
      bonusSpinsAwarded: 10,
      win: 0,
      isWin: false,
    });
    const two = three.map((symbol, cell) => (cell === 0 ? "planet" : symbol));
    expect(spinSlots(STAKE, createScriptedStream(floatsFor(two, BASE_SYMBOL_WEIGHTS))).bonusTriggered).toBe(
      false,
    );
  });

  it("caps a spin at 1000x the bet, and a free spin at what the bonus has left of its 1000x", () => {
    const full = Array<SlotSymbol>(25).fill("astronaut");
    const base = spinSlots(STAKE, createScriptedStream(floatsFor(full, BASE_SYMBOL_WEIGHTS)));
    expect(base.win).toBe(1000 * STAKE);
    expect(base.capped).toBe(false);
    const free = playFreeSpin(STAKE, 3, 0, createScriptedStream(floatsFor(full, FREE_SPIN_SYMBOL_WEIGHTS)));
    expect(free.win).toBe(1000 * STAKE);
    expect(free.capped).toBe(true);
    const late = playFreeSpin(
      STAKE,
      3,
      900 * STAKE,
      createScriptedStream(floatsFor(full, FREE_SPIN_SYMBOL_WEIGHTS)),
    );
    expect(late.win).toBe(100 * STAKE);
    expect(isBonusCapReached(STAKE, 900 * STAKE + late.win)).toBe(true);
  });

  it("free spins pay at the bonus multiplier and never retrigger", () => {
    const grid = drawGrid(`
      C C C C C
      M R M R M
      R M R M R
      A U A U A
      U A U A U`);
    const outcome = playFreeSpin(
      STAKE,
      3,
      0,
      createScriptedStream(floatsFor(grid, FREE_SPIN_SYMBOL_WEIGHTS)),
    );
    expect(outcome.clusterWins).toEqual([{ symbol: "comet", size: 5, pay: clusterPay("comet", 5) }]);
    expect(outcome.win).toBe(3 * clusterPay("comet", 5) * STAKE);
    expect(outcome).toMatchObject({
      multiplier: 3,
      isFreeSpin: true,
      bonusTriggered: false,
      bonusSpinsAwarded: 0,
    });
  });

  it("known answer: cells from 25 HMAC floats of a fixed seed through the cumulative weights", () => {
    const serverSeed = "5a".repeat(32);
    const bytes = Buffer.concat(
      [0, 1, 2, 3].map((round) => createHmac("sha256", serverSeed).update(`chaos:4:${round}`).digest()),
    );
    const total = Object.values(BASE_SYMBOL_WEIGHTS).reduce((a, b) => a + b, 0);
    const expected = Array.from({ length: 25 }, (_, i) => {
      const f =
        bytes[i * 4]! / 256 +
        bytes[i * 4 + 1]! / 256 ** 2 +
        bytes[i * 4 + 2]! / 256 ** 3 +
        bytes[i * 4 + 3]! / 256 ** 4;
      let ticket = Math.floor(f * total);
      return SLOT_SYMBOLS.find((symbol) => {
        ticket -= BASE_SYMBOL_WEIGHTS[symbol];
        return ticket < 0;
      });
    });
    expect(spinSlots(STAKE, createFloatStream(serverSeed, "chaos", 4)).grid).toEqual(expected);
  });

  it("never pays more than 1000x the bet, always in whole units", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        (seed, stake, wonBefore) => {
          const stream = createSeededStream(seed);
          const spin = spinSlots(stake, stream);
          const bonusWon = stake * wonBefore;
          const free = playFreeSpin(stake, 3, bonusWon, stream);
          for (const win of [spin.win, free.win]) expect(Number.isSafeInteger(win)).toBe(true);
          expect(spin.win).toBeLessThanOrEqual(stake * SLOTS_MAX_WIN_MULTIPLIER);
          expect(bonusWon + free.win).toBeLessThanOrEqual(
            Math.max(bonusWon, stake * SLOTS_MAX_WIN_MULTIPLIER),
          );
        },
      ),
      { seed: 13, numRuns: 3_000 },
    );
  });
});

describe("slots RTP", () => {
  it("the base game (free spins included) over 10^6 seeded spins lies within 3 standard errors of 96%", () => {
    const summary = summariseRtp(simulateRounds({ game: "slots", bonusBuy: false }, 1_000_000, 51));
    expect(Math.abs(summary.rtp - 0.96)).toBeLessThan((3 * summary.halfWidth95) / 1.96);
  });

  it("the bought bonus over 10^5 seeded buys (10^6 free spins) returns 96% of its price within 3 standard errors", () => {
    const summary = summariseRtp(simulateRounds({ game: "slots", bonusBuy: true }, 100_000, 52));
    expect(Math.abs(summary.rtp - 0.96)).toBeLessThan((3 * summary.halfWidth95) / 1.96);
  });
});

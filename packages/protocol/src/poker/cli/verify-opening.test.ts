import { describe, expect, it } from "vitest";
import { buildDeckCommitment } from "../deck-commitment.ts";
import { openHand } from "../deck-opening.ts";
import { shuffleHandDeck } from "../fairness.ts";
import { cardText, checkOpeningCli, parseCardText } from "./verify-opening.ts";

const seed = "3c".repeat(32);
const clientSeeds = ["a", "b"];
const deck = shuffleHandDeck(seed, clientSeeds, 4);
const root = buildDeckCommitment(seed, deck).root;
const opening = openHand({
  handSeed: seed,
  clientSeeds,
  handNumber: 4,
  dealOrder: [3, 1],
  boardLength: 5,
  shownSeats: [],
  ownSeat: 1,
});

describe("pnpm verify --poker-opening", () => {
  it("reads cards as rank and suit letter", () => {
    expect(parseCardText("2d")).toBe(0);
    expect(parseCardText("Ac")).toBe(51);
    expect(parseCardText("10h")).toBe(33);
    expect(cardText(33)).toBe("10h");
    expect(() => parseCardText("1x")).toThrow(/not a card/);
  });

  it("accepts an opening (or a hand record holding one) that matches the root and the cards seen", () => {
    const board = deck.slice(5, 8).concat(deck[9]!, deck[11]!).map(cardText).join(",");
    const own = [deck[1]!, deck[3]!].map(cardText).join(",");
    const flags = new Map([
      ["root", root],
      ["board", board],
      ["seat", "1"],
      ["cards", own],
    ]);
    const result = checkOpeningCli({ id: 9, opening }, flags);
    expect(result.ok).toBe(true);
    expect(result.lines.join("\n")).toContain(`seat 1            ${own.replace(",", " ")}`);
  });

  it("fails on another root or a board other than the one seen", () => {
    expect(checkOpeningCli(opening, new Map([["root", "00".repeat(32)]])).ok).toBe(false);
    expect(checkOpeningCli(opening, new Map([["board", "2d,3d,4d,5d,6d"]])).ok).toBe(false);
    expect(() => checkOpeningCli({ nothing: true }, new Map())).toThrow(/no hand opening/);
  });
});

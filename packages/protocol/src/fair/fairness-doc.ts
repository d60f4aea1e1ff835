/**
 * Reading the machine-checked blocks of docs/FAIRNESS.md: fenced ```json blocks tagged
 * `fairness-example` (one worked round each) or `fairness-constants` (the published tables), so the
 * test suite and the browser's verifier read the same examples the auditor reads.
 */
import { type CardIndex, rankIndexOf, suitIndexOf } from "./cards.ts";

/** The info-string tags of the checked blocks. */
export type FairnessBlockTag = "fairness-example" | "fairness-constants";

/** Suit symbols in deck order (diamonds, hearts, spades, clubs), as the document prints cards. */
export const SUIT_SYMBOLS = ["♦", "♥", "♠", "♣"] as const;

/** Rank labels in deck order (2 .. A). */
const RANK_LABELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] as const;

/** A card index as the document and the verifier print it, e.g. 0 -> "2♦", 51 -> "A♣". */
export function cardLabel(card: CardIndex): string {
  return `${RANK_LABELS[rankIndexOf(card)] ?? "?"}${SUIT_SYMBOLS[suitIndexOf(card)] ?? "?"}`;
}

/** Every ```json block of a markdown text whose info string carries `tag`, parsed. */
export function readFairnessBlocks(markdown: string, tag: FairnessBlockTag): unknown[] {
  const blocks: unknown[] = [];
  const fence = /^```json[ \t]+([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm;
  for (const match of markdown.matchAll(fence)) {
    if (match[1]?.trim().split(/\s+/).includes(tag)) blocks.push(JSON.parse(match[2] ?? ""));
  }
  return blocks;
}

/** A worked single-player round as the document writes it. */
export interface FairnessRoundExample {
  example: string;
  game: "dice" | "plinko" | "slots" | "blackjack" | "hilo";
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  input: unknown;
  hmac: string[];
  floats: number[];
  cards?: string[];
  outcome: unknown;
}

/** The worked poker deck. */
export interface FairnessDeckExample {
  example: string;
  game: "poker-deck";
  handSeed: string;
  handSeedHash: string;
  clientSeeds: string[];
  handNumber: number;
  hmac: string[];
  floats: number[];
  swaps: [number, number][];
  deck: string[];
  salt0: string;
  root: string;
  holePositions: [number, number][];
  boardPositions: number[];
}

/** The worked examples of the document: single-player rounds and poker decks, in document order. */
export function readFairnessExamples(markdown: string): {
  rounds: FairnessRoundExample[];
  decks: FairnessDeckExample[];
} {
  const examples = readFairnessBlocks(markdown, "fairness-example") as (
    | FairnessRoundExample
    | FairnessDeckExample
  )[];
  return {
    rounds: examples.filter((e): e is FairnessRoundExample => e.game !== "poker-deck"),
    decks: examples.filter((e): e is FairnessDeckExample => e.game === "poker-deck"),
  };
}

/**
 * `pnpm verify --poker-opening FILE [--root R] [--seed-hash H] [--board As,Kd,..] [--seat N --cards Ah,Kc]`:
 * checks a finished hand's opened deck positions (the JSON of GET /api/poker/hands/{id}/opening, or
 * of /api/poker/hands/{id}, whose `opening` it reads) with the same verifyHandOpening the browser uses.
 */
import { RANKS } from "../../fair/cards.ts";
import { type HandOpening, verifyHandOpening } from "../deck-opening.ts";

export const POKER_VERIFY_USAGE = `usage: pnpm verify --poker-opening FILE [--root R] [--seed-hash H] [--board 10h,Jd,...] [--seat N --cards Ah,Kc]
  FILE is the JSON answer of GET /api/poker/hands/{id}/opening (or /api/poker/hands/{id}); "-" reads stdin
  --root / --seed-hash: the commitment you saw published before the deal
  --board / --seat with --cards: the cards you saw at the table (rank then suit letter: d h s c)`;

const SUIT_LETTERS = ["d", "h", "s", "c"];

/** A card as text ("10h", "As") to its index in the 52-card order; throws on anything else. */
export function parseCardText(text: string): number {
  const match = /^(10|[2-9JQKA])([dhsc])$/i.exec(text.trim());
  if (!match) throw new Error(`not a card: ${text}`);
  const rank = (RANKS as readonly string[]).indexOf(match[1]!.toUpperCase());
  return rank * 4 + SUIT_LETTERS.indexOf(match[2]!.toLowerCase());
}

/** A card index as text ("10h"). */
export function cardText(card: number): string {
  return `${RANKS[Math.floor(card / 4)]}${SUIT_LETTERS[card % 4]}`;
}

/** The opening inside a REST answer (its own body, or the `opening` field of a hand record). */
export function readOpening(json: unknown): HandOpening {
  const body = json as { opening?: unknown; root?: unknown } | null;
  const opening = (body && typeof body.root === "string" ? body : body?.opening) as HandOpening | undefined;
  if (!opening || typeof opening.root !== "string" || !Array.isArray(opening.board)) {
    throw new Error("the file holds no hand opening (root, board, shown, own)");
  }
  return opening;
}

/** Checks an opening against the flags; returns the lines to print and whether it holds. */
export function checkOpeningCli(json: unknown, flags: Map<string, string>): { ok: boolean; lines: string[] } {
  const opening = readOpening(json);
  const cards = (name: string) => (flags.get(name) ?? "").split(",").filter(Boolean).map(parseCardText);
  const seen: { board?: number[]; holeCards?: Record<number, number[]> } = {};
  if (flags.has("board")) seen.board = cards("board");
  if (flags.has("seat")) seen.holeCards = { [Number(flags.get("seat"))]: cards("cards") };
  const published: { root?: string; seedHash?: string } = {};
  if (flags.has("root")) published.root = flags.get("root")!;
  if (flags.has("seed-hash")) published.seedHash = flags.get("seed-hash")!;
  const check = verifyHandOpening(opening, seen, published);
  const lines = [
    `hand              #${opening.handNumber}`,
    `seed hash         ${opening.seedHash}`,
    `deck root         ${opening.root}`,
    `client seeds      ${opening.clientSeeds.join(" | ")}`,
    `board             ${check.board.map(cardText).join(" ") || "(none)"}`,
    ...Object.entries(check.holeCards).map(
      ([seat, hole]) => `seat ${seat.padEnd(13)}${hole.map(cardText).join(" ")}`,
    ),
    `opened cards      ${check.valid ? "all match the root at their dealt positions" : "FAILED"}`,
    ...check.problems.map((p) => `  ${p}`),
  ];
  if (!published.root) lines.push("(pass --root to compare with the root you saw before the deal)");
  return { ok: check.valid, lines };
}

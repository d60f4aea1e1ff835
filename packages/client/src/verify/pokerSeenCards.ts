/**
 * What a table page saw of a poker hand, carried to /verify in the link: the board as card indices
 * (`board=12,40,3`), the hole cards it was shown by seat (`holes=3:12,40;5:1,2`), and the deck root
 * (`hash`) and seed hash (`seedHash`) it saw published before the deal. The verifier compares the
 * hand's opening with them, so a link opened from the table checks more than the proofs alone.
 */
import type { CardIndex } from "@casino/protocol";

/** The cards seen at the table, as the protocol's opening check takes them. */
export type SeenCards = { board: CardIndex[]; holeCards: Record<number, CardIndex[]> };

/** A finished hand and what the table page saw of it (root and seed hash "" when not seen before the deal). */
export type WatchedHand = {
  handId: string;
  root: string;
  seedHash: string;
  board: CardIndex[];
  holeCards: { seat: number; cards: CardIndex[] }[];
};

/** Whether a value is a card index 0..51. */
function isCard(value: number): value is CardIndex {
  return Number.isInteger(value) && value >= 0 && value < 52;
}

/** A comma list of card indices; null when any item is not a card. */
function readCardList(text: string): CardIndex[] | null {
  if (text.trim() === "") return [];
  const cards = text.split(",").map((item) => (/^\s*\d{1,2}\s*$/.test(item) ? Number(item) : -1));
  return cards.every(isCard) ? cards : null;
}

/** The board as the link carries it. */
export function formatSeenBoard(board: readonly CardIndex[]): string {
  return board.join(",");
}

/** Hole cards by seat as the link carries them; seats without cards are left out. */
export function formatSeenHoles(holes: readonly { seat: number; cards: readonly CardIndex[] }[]): string {
  return holes
    .filter((hole) => hole.cards.length > 0)
    .map((hole) => `${hole.seat}:${hole.cards.join(",")}`)
    .join(";");
}

/** Reads the seen board and hole cards of a link; null when they are present but unreadable. */
export function readSeenCards(board: string, holes: string): SeenCards | null {
  const boardCards = readCardList(board);
  if (!boardCards) return null;
  const holeCards: Record<number, CardIndex[]> = {};
  for (const part of holes.split(";").filter((item) => item.trim() !== "")) {
    const match = /^\s*(\d{1,2})\s*:(.*)$/.exec(part);
    const cards = match ? readCardList(match[2] ?? "") : null;
    if (!match || !cards || cards.length === 0) return null;
    holeCards[Number(match[1])] = cards;
  }
  return { board: boardCards, holeCards };
}

/** The /verify link of a finished poker hand, with whatever the table page saw of it. */
export function pokerVerifyHref(hand: WatchedHand): string {
  const params = new URLSearchParams({ game: "poker", handId: hand.handId });
  if (hand.root) params.set("hash", hand.root);
  if (hand.seedHash) params.set("seedHash", hand.seedHash);
  if (hand.board.length > 0) params.set("board", formatSeenBoard(hand.board));
  const holes = formatSeenHoles(hand.holeCards);
  if (holes) params.set("holes", holes);
  return `/verify?${params.toString()}`;
}

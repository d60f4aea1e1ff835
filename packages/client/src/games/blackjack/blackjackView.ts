/**
 * Galaxy Blackjack as the screen shows it: one view built from a room answer or from the synced
 * room state (a reloaded page resumes its open hand), and the status line of SPEC.md sections 4 and 8.
 */
import type { Currency } from "@casino/protocol";
import { amountUnits, readCurrency } from "../frame/gameAmounts.ts";
import type { SnapshotBlackjack } from "../room/roomSnapshot.ts";

/** A card as sent: rank and suit name, or "hidden". */
export type TableCard = { rank: string; suit: string };

/** One player hand. */
export type TableHand = {
  cards: TableCard[];
  total: number;
  soft: boolean;
  betUnits: number;
  doubled: boolean;
  result: string; // "" while playing
  winUnits: number;
};

/** The table: dealer, hands, what the active hand may do, and the round's result. */
export type BlackjackTable = {
  phase: "player" | "settled";
  dealerCards: TableCard[];
  dealerTotal: number;
  hands: TableHand[];
  activeHand: number;
  result: string; // "playing", blackjack, win, push, lose or bust
  legal: { hit: boolean; stand: boolean; double: boolean; split: boolean };
  betUnits: number;
  winUnits: number;
  currency: Currency;
};

/** Reads a card of either source. */
function readCard(card: unknown): TableCard {
  const fields = (card ?? {}) as { rank?: unknown; suit?: unknown };
  return { rank: String(fields.rank ?? "hidden"), suit: String(fields.suit ?? "hidden") };
}

/** Builds the table from a deal/hit/stand/double/split answer. */
export function tableFromAnswer(body: Record<string, unknown>): BlackjackTable {
  const legal = (body.legal ?? {}) as Partial<BlackjackTable["legal"]>;
  const hands = Array.isArray(body.hands) ? (body.hands as Record<string, unknown>[]) : [];
  return {
    phase: body.phase === "settled" ? "settled" : "player",
    dealerCards: Array.isArray(body.dealerCards) ? body.dealerCards.map(readCard) : [],
    dealerTotal: Number(body.dealerTotal ?? 0),
    hands: hands.map((hand) => ({
      cards: Array.isArray(hand.cards) ? hand.cards.map(readCard) : [],
      total: Number(hand.total ?? 0),
      soft: hand.soft === true,
      betUnits: amountUnits(hand.betAmount),
      doubled: hand.doubled === true,
      result: typeof hand.result === "string" ? hand.result : "",
      winUnits: amountUnits(hand.winAmount),
    })),
    activeHand: Number(body.activeHand ?? 0),
    result: String(body.result ?? "playing"),
    legal: {
      hit: legal.hit === true,
      stand: legal.stand === true,
      double: legal.double === true,
      split: legal.split === true,
    },
    betUnits: amountUnits(body.betAmount),
    winUnits: amountUnits(body.winAmount),
    currency: readCurrency(body.currency),
  };
}

/** The open hand in the synced room state, or null when none is open. */
export function tableFromSnapshot(state: SnapshotBlackjack | undefined): BlackjackTable | null {
  if (!state?.active || state.hands.length === 0) return null;
  return tableFromAnswer({
    ...state,
    legal: { hit: state.canHit, stand: state.canStand, double: state.canDouble, split: state.canSplit },
  });
}

/** The hand being played, if any. */
export function activeHandOf(table: BlackjackTable): TableHand | undefined {
  return table.phase === "player" ? table.hands[table.activeHand] : undefined;
}

/** Whether DOUBLE or SPLIT is offered: the rules allow it and the balance covers the extra stake. */
export function canAffordExtra(table: BlackjackTable, balanceUnits: number): boolean {
  const hand = activeHandOf(table);
  return hand !== undefined && hand.cards.length === 2 && balanceUnits >= hand.betUnits;
}

/** The headline of a settled round (SPEC.md section 8), `bustedBy` the move that busted the hand. */
export function describeSettled(table: BlackjackTable, bustedBy: "hit" | "other"): string {
  switch (table.result) {
    case "blackjack":
      return "Blackjack!";
    case "win":
      return "You beat the dealer.";
    case "push":
      return "Same total as the dealer.";
    case "lose":
      return "Dealer wins.";
    case "bust":
      return bustedBy === "hit" ? "Bust! Dealer wins." : "Bust! You lose.";
    default:
      return "";
  }
}

/** The status line while the hand is played. */
export function describePlaying(table: BlackjackTable): string {
  const hand = activeHandOf(table);
  if (!hand) return "";
  if (hand.total === 21 && !table.legal.hit) return "21! Must stand";
  const which = table.hands.length > 1 ? `Hand ${table.activeHand + 1} of ${table.hands.length}: ` : "";
  return `${which}${hand.total}${hand.soft ? " (soft)" : ""}. Hit or stand?`;
}

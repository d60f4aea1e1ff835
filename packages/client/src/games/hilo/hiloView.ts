/**
 * Cosmic Hi-Lo as the screen shows it: one view from a room answer or the synced state, the
 * multiplier HIGHER and LOWER pay now (0 when the guess cannot win), and the end-of-game lines.
 */
import type { Currency } from "@casino/protocol";
import { amountUnits, readCurrency } from "../frame/gameAmounts.ts";
import type { SnapshotHilo } from "../room/roomSnapshot.ts";

/** A hi-lo card: value A, 2-10, J, Q, K and a suit symbol. */
export type HiloFace = { value: string; suit: string };

/** The round as the screen shows it. */
export type HiloRound = {
  status: "active" | "lost" | "cashed_out";
  cards: HiloFace[]; // every card drawn so far; the last is the current card
  streak: number;
  multiplier: number;
  higherMultiplier: number; // 0 when HIGHER cannot win
  lowerMultiplier: number;
  potentialWinUnits: number;
  betUnits: number;
  winUnits: number;
  currency: Currency;
};

/** Reads a card of the answer (value) or of the state (rank). */
function readFace(card: unknown): HiloFace {
  const fields = (card ?? {}) as { value?: unknown; rank?: unknown; suit?: unknown };
  return { value: String(fields.value ?? fields.rank ?? "?"), suit: String(fields.suit ?? "") };
}

/** Reads a status. */
function readStatus(value: unknown): HiloRound["status"] {
  return value === "lost" || value === "cashed_out" ? value : "active";
}

/** Builds the round from a start, guess or cash-out answer. */
export function roundFromAnswer(body: Record<string, unknown>): HiloRound {
  const option = (value: unknown) => Number((value as { multiplier?: unknown } | null)?.multiplier ?? 0);
  const cards = Array.isArray(body.cards) ? body.cards.map(readFace) : [readFace(body.currentCard)];
  return {
    status: readStatus(body.status),
    cards,
    streak: Number(body.streak ?? 0),
    multiplier: Number(body.multiplier ?? 0),
    higherMultiplier: option(body.higher),
    lowerMultiplier: option(body.lower),
    potentialWinUnits: amountUnits(body.potentialWin),
    betUnits: amountUnits(body.betAmount),
    winUnits: amountUnits(body.winAmount),
    currency: readCurrency(body.currency),
  };
}

/** The open round in the synced room state, or null. */
export function roundFromSnapshot(state: SnapshotHilo | undefined): HiloRound | null {
  if (!state?.active || !state.currentCard) return null;
  return roundFromAnswer({
    ...state,
    cards: [state.currentCard],
    higher: { multiplier: state.higherMultiplier },
    lower: { multiplier: state.lowerMultiplier },
  });
}

/** Whether the last guess lost on equal ranks. */
export function endedOnEqualCards(round: HiloRound): boolean {
  const last = round.cards[round.cards.length - 1];
  const before = round.cards[round.cards.length - 2];
  return round.status === "lost" && last !== undefined && before !== undefined && last.value === before.value;
}

/** The headline shown when a round ends (SPEC.md section 8), or null while it runs. */
export function describeEnd(round: HiloRound): string | null {
  if (round.status === "lost")
    return endedOnEqualCards(round) ? "Equal cards! Game over." : "Wrong! Game over.";
  if (round.status === "cashed_out") return `Cashed out at ${round.multiplier}x.`;
  return null;
}

/** A multiplier as a button shows it ("1.0833x"), or a dash when the guess cannot win. */
export function describeOption(multiplier: number): string {
  return multiplier > 0 ? `${multiplier}x` : "–";
}

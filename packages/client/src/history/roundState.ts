/** What a history row is: still open (no result yet), or settled as a win, a loss or a push by its net. */
import type { Currency } from "@casino/protocol";
import type { GameSessionRecord } from "../api/types.ts";
import { readCurrency } from "../games/frame/gameAmounts.ts";
import { judgeNet, type Verdict } from "../games/frame/roundOutcome.ts";
import { toUnits } from "../ui/format.ts";

/** A round's amounts in micro-units with its verdict, or "open" while the player still owes a move. */
export type RoundState = {
  kind: Verdict | "open";
  currency: Currency;
  betUnits: number;
  winUnits: number;
  netUnits: number;
};

/** Reads a history record: an open round is never judged (its payout is not decided yet). */
export function readRoundState(
  round: Pick<GameSessionRecord, "betAmount" | "winAmount" | "currency" | "status">,
): RoundState {
  const betUnits = toUnits(round.betAmount);
  const winUnits = toUnits(round.winAmount);
  const currency = readCurrency(round.currency);
  if (round.status === "open") return { kind: "open", currency, betUnits, winUnits: 0, netUnits: 0 };
  return { kind: judgeNet(betUnits, winUnits), currency, betUnits, winUnits, netUnits: winUnits - betUnits };
}

/** Where a player goes back to an open round: its game's page. */
export function resumeHrefOf(gameType: string): string {
  return `/game/${encodeURIComponent(gameType)}`;
}

/** The words for a verdict in a history row. */
export const VERDICT_WORDS: Record<RoundState["kind"], string> = {
  win: "Win",
  loss: "Loss",
  push: "Push",
  open: "Open",
};

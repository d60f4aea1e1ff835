/** How every settled round reads: a win, a loss or a push by its net, with stake, payout and net. */
import type { Currency } from "@casino/protocol";
import { formatMoney } from "../../ui/format.ts";

/** A settled round judged by its net (payout minus stake), never by its payout alone. */
export type Verdict = "win" | "loss" | "push";

/** Whether a round gave back more than its stake (win), less (loss) or exactly the stake (push). */
export function judgeNet(betUnits: number, winUnits: number): Verdict {
  if (winUnits > betUnits) return "win";
  return winUnits < betUnits ? "loss" : "push";
}

/** "Win of 3.9984 HC: stake 3 HC, payout 6.9984 HC", "Loss of 2.4 HC: …" or "Push: …". */
export function describeNet(betUnits: number, winUnits: number, currency: Currency): string {
  const verdict = judgeNet(betUnits, winUnits);
  const net = Math.abs(winUnits - betUnits);
  const head =
    verdict === "push" ? "Push" : `${verdict === "win" ? "Win" : "Loss"} of ${formatMoney(net, currency)}`;
  return `${head}: stake ${formatMoney(betUnits, currency)}, payout ${formatMoney(winUnits, currency)}`;
}

/** The result box's text and tone for a settled round, after the game's own headline. */
export function settledResult(
  headline: string,
  betUnits: number,
  winUnits: number,
  currency: Currency,
): { text: string; tone: Verdict } {
  const summary = describeNet(betUnits, winUnits, currency);
  return { text: headline ? `${headline} ${summary}` : summary, tone: judgeNet(betUnits, winUnits) };
}

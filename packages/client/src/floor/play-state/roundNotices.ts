/**
 * Rounds the server settled on the player's behalf, as the live feed room tells them
 * (ROUND_SETTLED_NOTICE), for the one component that announces them; and the notice's words.
 */
import { formatUnits, GAME_CATALOGUE } from "@casino/protocol";
import type { RoundSettledNoticeMessage } from "@casino/protocol/schemas/play-state";

const listeners = new Set<(notice: RoundSettledNoticeMessage) => void>();

/** Hands a notice to every listener (called by the feed connection). */
export function announceRoundSettled(notice: RoundSettledNoticeMessage): void {
  for (const listener of listeners) listener(notice);
}

/** Listens to notices; returns the function that stops. */
export function onRoundSettled(listener: (notice: RoundSettledNoticeMessage) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast's words: which game, stake, payout and net, and that the history has it. */
export function describeRoundNotice(notice: RoundSettledNoticeMessage): {
  title: string;
  description: string;
} {
  const game = GAME_CATALOGUE.find((entry) => entry.id === notice.gameType)?.title ?? notice.gameType;
  const net = notice.payout - notice.stake;
  const amount = `${formatUnits(Math.abs(net))} ${notice.currency}`;
  const result =
    net > 0 ? `a win of ${amount}` : net < 0 ? `a loss of ${amount}` : "a push (the stake came back)";
  return {
    title: "Round settled automatically",
    description: `Your ${game} round was left open for 2 minutes, so the casino settled it by the rules: stake ${formatUnits(notice.stake)} ${notice.currency}, paid ${formatUnits(notice.payout)} ${notice.currency}, ${result}. It is in your history.`,
  };
}

/**
 * The players list of a round, pure: who is in, who cashed out at what, and each one's profit;
 * the player's own row always shows, and the totals line counts the whole round.
 */
import type { Currency } from "@casino/protocol";
import type { CrashPlay, CrashTotals } from "@casino/protocol/games/crash/schemas";
import { formatMoney } from "../../ui/format.ts";

/** One row of the players list. */
export interface PlayerRow {
  betId: string;
  username: string;
  stake: number;
  cashedOutAt: number | null;
  /** Net result in micro-units: payout minus stake once cashed out; minus the stake once lost; null while in. */
  profit: number | null;
  state: "in" | "out" | "lost";
  /** Whether it is this player's own play. */
  own: boolean;
}

/**
 * The rows of the listed plays and the player's own (shown even when its stake is not listed),
 * cashed-out players by multiplier first, then those still in by stake, then the losers.
 */
export function listPlayers(
  plays: readonly CrashPlay[],
  crashed: boolean,
  own: CrashPlay | null = null,
): PlayerRow[] {
  const shown = own ? [own, ...plays.filter((p) => p.betId !== own.betId)] : plays;
  const rows = shown.map((p): PlayerRow => {
    if (p.cashedOutAt !== null)
      return { ...base(p, p === own), cashedOutAt: p.cashedOutAt, profit: p.payout - p.stake, state: "out" };
    if (crashed) return { ...base(p, p === own), cashedOutAt: null, profit: -p.stake, state: "lost" };
    return { ...base(p, p === own), cashedOutAt: null, profit: null, state: "in" };
  });
  const rank = { out: 0, in: 1, lost: 2 } as const;
  return rows.sort(
    (a, b) =>
      rank[a.state] - rank[b.state] || (b.cashedOutAt ?? 0) - (a.cashedOutAt ?? 0) || b.stake - a.stake,
  );
}

/** The fields every row shares. */
function base(p: CrashPlay, own: boolean) {
  return { betId: p.betId, username: p.username, stake: p.stake, own };
}

/** The totals line under the list ("3 players, 6.00 HC staked, 1 cashed out, 2.50 HC paid out"). */
export function describeTotals(totals: CrashTotals, currency: Currency): string {
  const players = `${totals.players} ${totals.players === 1 ? "player" : "players"}`;
  return `${players}, ${formatMoney(totals.staked, currency)} staked, ${totals.cashedOut} cashed out, ${formatMoney(totals.paidOut, currency)} paid out`;
}

/** The players list of a round, pure: who is in, who cashed out at what, and each one's profit. */
import type { CrashPlay } from "@casino/protocol/games/crash/schemas";

/** One row of the players list. */
export interface PlayerRow {
  betId: string;
  username: string;
  stake: number;
  cashedOutAt: number | null;
  /** Net result in micro-units: payout minus stake once cashed out; minus the stake once lost; null while in. */
  profit: number | null;
  state: "in" | "out" | "lost";
}

/** The rows, cashed-out players by multiplier first, then those still in by stake, then the losers. */
export function listPlayers(plays: readonly CrashPlay[], crashed: boolean): PlayerRow[] {
  const rows = plays.map((p): PlayerRow => {
    if (p.cashedOutAt !== null)
      return { ...base(p), cashedOutAt: p.cashedOutAt, profit: p.payout - p.stake, state: "out" };
    if (crashed) return { ...base(p), cashedOutAt: null, profit: -p.stake, state: "lost" };
    return { ...base(p), cashedOutAt: null, profit: null, state: "in" };
  });
  const rank = { out: 0, in: 1, lost: 2 } as const;
  return rows.sort(
    (a, b) =>
      rank[a.state] - rank[b.state] || (b.cashedOutAt ?? 0) - (a.cashedOutAt ?? 0) || b.stake - a.stake,
  );
}

/** The fields every row shares. */
function base(p: CrashPlay) {
  return { betId: p.betId, username: p.username, stake: p.stake };
}

/** A player's own play in the round, found by bet id. */
export function findOwnPlay(plays: readonly CrashPlay[], betId: string | null): CrashPlay | undefined {
  return betId ? plays.find((p) => p.betId === betId) : undefined;
}

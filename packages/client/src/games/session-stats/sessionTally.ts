/** Session stats as pure functions: per currency, what was wagered, won and lost since the page opened. */
import type { Currency } from "@casino/protocol";

/** One settled round as the session counts it (a free spin stakes 0). */
export type SessionRound = { currency: Currency; betUnits: number; winUnits: number };

/** One currency's counters and the net profit after each round (for the chart). */
export type CurrencySession = {
  rounds: number;
  wageredUnits: number;
  profitUnits: number;
  wins: number;
  losses: number;
  profitPoints: number[]; // net profit after each round, the latest PROFIT_POINTS_KEPT
};

/** The session: counters per currency played, and the currency of the latest round. */
export type SessionStats = {
  byCurrency: Partial<Record<Currency, CurrencySession>>;
  latest: Currency | null;
};

/** How many points of the profit line are kept per currency. */
export const PROFIT_POINTS_KEPT = 500;

/** A session with nothing played. */
export const EMPTY_SESSION: SessionStats = { byCurrency: {}, latest: null };

/** The session after one more settled round (more back than staked is a win, less a loss, the stake back neither). */
export function addRound(stats: SessionStats, round: SessionRound): SessionStats {
  const before = stats.byCurrency[round.currency] ?? {
    rounds: 0,
    wageredUnits: 0,
    profitUnits: 0,
    wins: 0,
    losses: 0,
    profitPoints: [0],
  };
  const profitUnits = before.profitUnits + round.winUnits - round.betUnits;
  const after: CurrencySession = {
    rounds: before.rounds + 1,
    wageredUnits: before.wageredUnits + round.betUnits,
    profitUnits,
    wins: before.wins + (round.winUnits > round.betUnits ? 1 : 0),
    losses: before.losses + (round.winUnits < round.betUnits ? 1 : 0),
    profitPoints: [...before.profitPoints, profitUnits].slice(-PROFIT_POINTS_KEPT),
  };
  return { byCurrency: { ...stats.byCurrency, [round.currency]: after }, latest: round.currency };
}

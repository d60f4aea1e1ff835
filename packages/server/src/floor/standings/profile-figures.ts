/**
 * A player's profile from its rows (profile-query.ts): figures per game and currency, totals per
 * currency, and the running profit over the latest rounds, ending at the all-time profit. Pure.
 */
import {
  CURRENCIES,
  type Currency,
  type PlayerFigures,
  type PlayerProfile,
  unitsToCoins,
} from "@casino/protocol";
import type { CurveRound, GameFiguresRow, ProfileRows } from "./profile-query.ts";

/** The figures that add up across games (the biggest win is the largest instead). */
const SUMMED_FIGURES = ["wagered", "won", "rounds", "wins"] as const;

/** Sums the figures of several rows of one currency (micro-units). */
function sumRows(currency: Currency, rows: GameFiguresRow[]): GameFiguresRow {
  const total: GameFiguresRow = {
    game: "all",
    currency,
    wagered: 0,
    won: 0,
    rounds: 0,
    wins: 0,
    biggestWin: 0,
  };
  for (const row of rows) {
    for (const figure of SUMMED_FIGURES) total[figure] += row[figure];
    total.biggestWin = Math.max(total.biggestWin, row.biggestWin);
  }
  return total;
}

/** One row's figures on the wire: coins, profit = won - wagered, win rate as a share. */
function toFigures(row: GameFiguresRow): PlayerFigures {
  return {
    currency: row.currency,
    wagered: unitsToCoins(row.wagered),
    profit: unitsToCoins(row.won - row.wagered),
    rounds: row.rounds,
    wins: row.wins,
    winRate: row.rounds === 0 ? 0 : row.wins / row.rounds,
    biggestWin: unitsToCoins(row.biggestWin),
  };
}

/** The running profit after each round, offset so that the last point is the all-time profit. */
function toCurve(rounds: CurveRound[], allTimeProfit: number) {
  const shown = rounds.reduce((sum, round) => sum + round.net, 0);
  let running = allTimeProfit - shown;
  return rounds.map((round) => {
    running += round.net;
    return { at: round.at, profit: unitsToCoins(running) };
  });
}

/** Builds the profile answer; currencies without rounds are left out of the totals. */
export function toPlayerProfile(rows: ProfileRows): PlayerProfile {
  const totals = CURRENCIES.map((currency) =>
    sumRows(
      currency,
      rows.games.filter((row) => row.currency === currency),
    ),
  );
  const profitOf = (currency: Currency) => {
    const total = totals.find((row) => row.currency === currency);
    return total ? total.won - total.wagered : 0;
  };
  return {
    username: rows.username,
    totals: totals.filter((row) => row.rounds > 0).map(toFigures),
    games: rows.games.map((row) => ({ game: row.game, ...toFigures(row) })),
    profitCurve: {
      HC: toCurve(rows.curves.HC, profitOf("HC")),
      AMINA: toCurve(rows.curves.AMINA, profitOf("AMINA")),
    },
  };
}

/**
 * How the standings read on screen: board choices from the URL, labels of games and metrics,
 * values as text, and the profit curve as chart data. Pure, tested beside.
 */
import {
  CURRENCIES,
  type Currency,
  GAME_CATALOGUE,
  LEADERBOARD_GAMES,
  LEADERBOARD_METRICS,
  LEADERBOARD_PERIODS,
  type LeaderboardMetric,
  type LeaderboardQuery,
  type ProfitPoint,
} from "@casino/protocol";
import { formatMoney, formatMultiplier, formatSignedMoney, toUnits } from "../../ui/format.ts";

/** What each metric's column is called. */
export const METRIC_LABELS: Record<LeaderboardMetric, string> = {
  wagered: "Most wagered",
  multiplier: "Biggest multiplier",
  win: "Biggest win",
};

/** A game's display name ("All games" for the overall board). */
export function gameLabel(game: string): string {
  if (game === "all") return "All games";
  return GAME_CATALOGUE.find((entry) => entry.id === game)?.title ?? game;
}

/** Picks a listed value or the default. */
function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** The board a URL asks for; unknown values fall back to the defaults (today, all games, wagered, HC). */
export function readBoardChoice(params: URLSearchParams): LeaderboardQuery {
  return {
    period: pick(params.get("period"), LEADERBOARD_PERIODS, "day"),
    game: pick(params.get("game"), LEADERBOARD_GAMES, "all"),
    metric: pick(params.get("metric"), LEADERBOARD_METRICS, "wagered"),
    currency: pick(params.get("currency"), CURRENCIES, "HC"),
  };
}

/** An amount in coins (as the API sends it) in the casino's one exact money format. */
export function formatCoins(amount: number, currency: Currency): string {
  return formatMoney(toUnits(amount), currency);
}

/** A board value as text: an exact multiplier ("12.5x") or an amount with its currency. */
export function formatBoardValue(value: number, metric: LeaderboardMetric, currency: Currency): string {
  if (metric === "multiplier") return formatMultiplier(value);
  return formatCoins(value, currency);
}

/** A signed amount ("+4.1215 HC", "-0.47 HC"). */
export function formatProfit(amount: number, currency: Currency): string {
  return formatSignedMoney(toUnits(amount), currency);
}

/**
 * The profit curve as uPlot data: X is the round's place among the latest rounds (1, 2, ...), so a
 * burst of rounds in one second reads as well as a week of play; Y is the running profit in coins.
 */
export function toChartData(points: ProfitPoint[]): [number[], number[]] {
  return [points.map((_point, index) => index + 1), points.map((point) => point.profit)];
}

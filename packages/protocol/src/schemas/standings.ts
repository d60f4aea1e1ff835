/**
 * Leaderboards and player stats (GET /api/leaderboards, GET /api/profile): the query the server
 * validates, the answers the client checks, and the UTC periods both sides agree on. Amounts on
 * the wire are numbers in coins; multipliers are numbers (x), floored to 4 decimals.
 */
import { z } from "zod";
import { SINGLE_PLAYER_GAMES } from "../games/game-types.ts";
import { CURRENCIES } from "../money/money.ts";

/** Leaderboard periods: the current UTC day, or the current ISO week (Monday 00:00 UTC). */
export const LEADERBOARD_PERIODS = ["day", "week"] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** What a board ranks players by: total stake, best single-round multiplier, biggest single payout. */
export const LEADERBOARD_METRICS = ["wagered", "multiplier", "win"] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

/** Every game's board, or one game's. */
export const LEADERBOARD_GAMES = ["all", ...SINGLE_PLAYER_GAMES] as const;
export type LeaderboardGame = (typeof LEADERBOARD_GAMES)[number];

/** Players a board lists. */
export const LEADERBOARD_SIZE = 20;

/** The name shown instead of a player who hides from the public floor. */
export const HIDDEN_PLAYER_NAME = "Hidden";

/** GET /api/leaderboards query: every key optional with a default, unknown keys refused. */
export const leaderboardQuerySchema = z.strictObject({
  period: z.enum(LEADERBOARD_PERIODS).default("day"),
  game: z.enum(LEADERBOARD_GAMES).default("all"),
  metric: z.enum(LEADERBOARD_METRICS).default("wagered"),
  currency: z.enum(CURRENCIES).default("HC"),
});
export type LeaderboardQuery = z.output<typeof leaderboardQuerySchema>;

const DAY_MS = 86_400_000;

/** The UTC period holding `now`: [from, to) in epoch ms. Weeks start on Monday, as ISO weeks do. */
export function periodBounds(period: LeaderboardPeriod, now: number): { from: number; to: number } {
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  if (period === "day") return { from: dayStart, to: dayStart + DAY_MS };
  const weekday = (new Date(dayStart).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  const from = dayStart - weekday * DAY_MS;
  return { from, to: from + 7 * DAY_MS };
}

/** One ranked player: the `cosmic_...` username (or "Hidden"), the metric's value and their rounds. */
export const leaderboardRowSchema = z.object({
  rank: z.number().int(),
  player: z.string(),
  hidden: z.boolean(),
  value: z.number(),
  rounds: z.number().int(),
});

/** GET /api/leaderboards answer: the board's key, its period as ISO times, and its rows. */
export const leaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  game: z.enum(LEADERBOARD_GAMES),
  metric: z.enum(LEADERBOARD_METRICS),
  currency: z.enum(CURRENCIES),
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  rows: z.array(leaderboardRowSchema),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** A player's figures over a set of rounds (one game and currency, or one currency). */
export const playerFiguresSchema = z.object({
  currency: z.enum(CURRENCIES),
  wagered: z.number(),
  profit: z.number(),
  rounds: z.number().int(),
  wins: z.number().int(),
  /** Share of rounds that paid back more than the stake, 0..1. */
  winRate: z.number(),
  biggestWin: z.number(),
});
export type PlayerFigures = z.infer<typeof playerFiguresSchema>;

/** One point of the profit chart: the time of a round and the running profit after it, in coins. */
export const profitPointSchema = z.object({ at: z.number(), profit: z.number() });
export type ProfitPoint = z.infer<typeof profitPointSchema>;

/** GET /api/profile answer: totals per currency, figures per game and currency, and the profit curve. */
export const playerProfileSchema = z.object({
  username: z.string(),
  totals: z.array(playerFiguresSchema),
  games: z.array(playerFiguresSchema.extend({ game: z.string() })),
  /** Running profit over the latest rounds of each currency, oldest first. */
  profitCurve: z.object({ HC: z.array(profitPointSchema), AMINA: z.array(profitPointSchema) }),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;

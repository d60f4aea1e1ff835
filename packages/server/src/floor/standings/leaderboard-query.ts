/**
 * One leaderboard straight from the settled rounds of a period: players grouped and ranked in SQL,
 * read through a period index (`game_rounds_created`, or `game_rounds_game_created` for one game),
 * so the cost is the period's rounds, never the whole table. Imported by the read worker's thread.
 */
import type { Currency, LeaderboardGame, LeaderboardMetric } from "@casino/protocol";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { userColumnByIds } from "../../users/users.ts";

/** Multipliers are computed in integer ten-thousandths (1x = 10,000), floored alike on both dialects. */
export const MULTIPLIER_SCALE = 10_000;

/** Which board: the period [from, to) in epoch ms, a game or all, a currency and a metric. */
export interface LeaderboardSpec {
  from: number;
  to: number;
  game: LeaderboardGame;
  currency: Currency;
  metric: LeaderboardMetric;
  limit: number;
}

/** A ranked player as the database gives it: amounts in micro-units, the multiplier scaled. */
export interface RankedPlayer {
  userId: string;
  username: string;
  /** Micro-units (wagered, win) or the multiplier times MULTIPLIER_SCALE. */
  value: number;
  rounds: number;
}

/** The metric's SQL over a player's rounds. */
function metricSql(metric: LeaderboardMetric) {
  if (metric === "wagered") return sql<number>`sum(bet_amount)`;
  if (metric === "win") return sql<number>`max(win_amount)`;
  return sql<number>`max(case when bet_amount > 0 then win_amount * ${sql.lit(MULTIPLIER_SCALE)} / bet_amount else 0 end)`;
}

/** The top players of a board, best first (ties by user id), with their usernames; zero values left out. */
export async function readLeaderboard(db: Kysely<Database>, spec: LeaderboardSpec): Promise<RankedPlayer[]> {
  const value = metricSql(spec.metric);
  let query = db
    .selectFrom("game_rounds")
    .select(["user_id", value.as("value"), sql<number>`count(*)`.as("rounds")])
    .where("created_at", ">=", spec.from)
    .where("created_at", "<", spec.to)
    .where("status", "=", "settled")
    .where("currency", "=", spec.currency);
  if (spec.game !== "all") query = query.where("game_type", "=", spec.game);
  const ranked = await query
    .groupBy("user_id")
    .having(value, ">", 0)
    .orderBy(value, "desc")
    .orderBy("user_id", "asc")
    .limit(spec.limit)
    .execute();
  if (ranked.length === 0) return [];
  const userIds = ranked.map((row) => row.user_id);
  const names = await userColumnByIds(db, userIds, "username");
  return ranked.map((row) => ({
    userId: row.user_id,
    username: names.get(row.user_id) ?? "",
    value: Number(row.value),
    rounds: Number(row.rounds),
  }));
}

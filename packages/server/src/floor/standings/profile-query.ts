/**
 * A player's own figures from their settled rounds, read through the (user_id, created_at) index:
 * one grouped pass for the figures per game and currency, and the latest rounds of each currency
 * (at most PROFILE_CURVE_ROUNDS) for the profit curve. Imported by the read worker's thread.
 */
import type { Currency } from "@casino/protocol";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

/** Rounds of each currency the profit curve covers (the latest ones). */
export const PROFILE_CURVE_ROUNDS = 500;

/** A player's figures over one game and currency, in micro-units. */
export interface GameFiguresRow {
  game: string;
  currency: Currency;
  wagered: number;
  won: number;
  rounds: number;
  wins: number;
  biggestWin: number;
}

/** One round of the curve: when it was played and what it returned net, in micro-units. */
export interface CurveRound {
  at: number;
  net: number;
}

/** What the profile is computed from. */
export interface ProfileRows {
  username: string;
  games: GameFiguresRow[];
  curves: Record<Currency, CurveRound[]>;
}

/** The latest settled rounds of a player in one currency, oldest first. */
async function readCurve(db: Kysely<Database>, userId: string, currency: Currency): Promise<CurveRound[]> {
  const rows = await db
    .selectFrom("game_rounds")
    .select(["created_at", "bet_amount", "win_amount"])
    .where("user_id", "=", userId)
    .where("status", "=", "settled")
    .where("currency", "=", currency)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(PROFILE_CURVE_ROUNDS)
    .execute();
  return rows.reverse().map((row) => ({
    at: Number(row.created_at),
    net: Number(row.win_amount) - Number(row.bet_amount),
  }));
}

/** Reads everything a player's profile shows. */
export async function readProfileRows(db: Kysely<Database>, userId: string): Promise<ProfileRows> {
  const [user, games, hc, amina] = await Promise.all([
    db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("game_rounds")
      .select([
        "game_type",
        "currency",
        sql<number>`count(*)`.as("rounds"),
        sql<number>`sum(bet_amount)`.as("wagered"),
        sql<number>`sum(win_amount)`.as("won"),
        sql<number>`max(win_amount)`.as("biggest_win"),
        sql<number>`sum(case when win_amount > bet_amount then 1 else 0 end)`.as("wins"),
      ])
      .where("user_id", "=", userId)
      .where("status", "=", "settled")
      .groupBy(["game_type", "currency"])
      .orderBy("game_type")
      .orderBy("currency")
      .execute(),
    readCurve(db, userId, "HC"),
    readCurve(db, userId, "AMINA"),
  ]);
  return {
    username: user?.username ?? "",
    games: games.map((row) => ({
      game: row.game_type,
      currency: row.currency,
      wagered: Number(row.wagered),
      won: Number(row.won),
      rounds: Number(row.rounds),
      wins: Number(row.wins),
      biggestWin: Number(row.biggest_win),
    })),
    curves: { HC: hc, AMINA: amina },
  };
}

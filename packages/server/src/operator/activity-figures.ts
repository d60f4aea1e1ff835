/**
 * Activity figures from the database: bets per minute beside security events per minute for the
 * dashboard's chart, and today's rounds.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

const MINUTE_MS = 60_000;

/** Longest window the chart may ask for (one day). */
export const MAX_TIMELINE_MINUTES = 24 * 60;

/** One minute of the chart. */
export interface TimelineBucket {
  /** Start of the minute, ISO. */
  minute: string;
  events: number;
  bets: number;
}

/** Counts per minute keyed by the minute number (epoch ms / 60000). */
async function countPerMinute(
  db: Kysely<Database>,
  table: "security_events" | "game_rounds",
  since: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom(table)
    .select([
      sql<number>`created_at / ${sql.lit(MINUTE_MS)}`.as("minute"),
      // A security-event row stands for `count` like events.
      table === "security_events" ? sql<number>`sum(count)`.as("n") : sql<number>`count(*)`.as("n"),
    ])
    .where("created_at", ">=", since)
    .groupBy(sql`created_at / ${sql.lit(MINUTE_MS)}`)
    .execute();
  return new Map(rows.map((r) => [Math.floor(Number(r.minute)), Number(r.n)]));
}

/** The last `minutes` minutes (the current one included), oldest first, every minute present. */
export async function countTimeline(
  db: Kysely<Database>,
  minutes: number,
  now: number,
): Promise<TimelineBucket[]> {
  const span = Math.max(1, Math.min(MAX_TIMELINE_MINUTES, Math.floor(minutes)));
  const lastMinute = Math.floor(now / MINUTE_MS);
  const firstMinute = lastMinute - span + 1;
  const since = firstMinute * MINUTE_MS;
  const [events, bets] = await Promise.all([
    countPerMinute(db, "security_events", since),
    countPerMinute(db, "game_rounds", since),
  ]);
  const buckets: TimelineBucket[] = [];
  for (let m = firstMinute; m <= lastMinute; m++) {
    buckets.push({
      minute: new Date(m * MINUTE_MS).toISOString(),
      events: events.get(m) ?? 0,
      bets: bets.get(m) ?? 0,
    });
  }
  return buckets;
}

/** Rounds started since midnight UTC (every game, settled or open). */
export async function countRoundsToday(db: Kysely<Database>, now: number): Promise<number> {
  const midnight = Math.floor(now / 86_400_000) * 86_400_000;
  const row = await db
    .selectFrom("game_rounds")
    .select(sql<number>`count(*)`.as("n"))
    .where("created_at", ">=", midnight)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

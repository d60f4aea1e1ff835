/**
 * The standings' reads as read-worker jobs (db/read-worker.ts): on a SQLite file they run on a
 * thread of their own with a read-only connection, so a busy lobby's boards never block the event
 * loop; on PostgreSQL they run on the pool, whose queries are async. Imported by that thread: keep
 * its imports free of services and rooms.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type LeaderboardSpec, readLeaderboard } from "./leaderboard-query.ts";
import { readProfileRows } from "./profile-query.ts";

/** The jobs by name. */
export const readJobs = {
  /** One leaderboard of a period. */
  "standings.leaderboard": (db: Kysely<Database>, args: LeaderboardSpec) => readLeaderboard(db, args),
  /** One player's figures and profit curve. */
  "standings.profile": (db: Kysely<Database>, args: { userId: string }) => readProfileRows(db, args.userId),
};

/** The URL the worker imports the jobs from. */
export const READ_JOBS_MODULE = new URL(import.meta.url);

/** The standings' read jobs' type. */
export type StandingsReadJobs = typeof readJobs;

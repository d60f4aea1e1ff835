/**
 * The operator's heavy reads as read-worker jobs (db/read-worker.ts): on SQLite they run on a worker
 * thread with its own read-only connection, so scans of growing tables never block the event loop.
 * This module is imported by that thread: keep its imports free of services and rooms.
 */
import type { Kysely } from "kysely";
import type { Dialect } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { scanLedgerInChunks } from "../ledger/chunked-scan.ts";
import { type IncrementOptions, readLedgerIncrement } from "../ledger/increment.ts";
import { checkLedgerInvariants } from "../ledger/invariants.ts";
import { countRoundsToday, countTimeline } from "./activity-figures.ts";
import { describeAttackers, summarizeEvents } from "./events-figures.ts";
import { countVaultRows } from "./vault-counts.ts";

/** The jobs by name. */
export const readJobs = {
  /** The whole-ledger check (on demand): in short snapshots on SQLite, in one on PostgreSQL. */
  "ledger.full": async (db: Kysely<Database>, args: { dialect: Dialect; chunkEntries?: number }) =>
    args.dialect === "sqlite"
      ? (await scanLedgerInChunks(db, args.chunkEntries)).report
      : checkLedgerInvariants(db),
  /** The bookkeeper's run: the entries since its checkpoint. */
  "ledger.increment": (db: Kysely<Database>, args: IncrementOptions) => readLedgerIncrement(db, args),
  "figures.summary": (db: Kysely<Database>, _args: null) => summarizeEvents(db),
  "figures.attackers": (db: Kysely<Database>, _args: null) => describeAttackers(db),
  "figures.roundsToday": (db: Kysely<Database>, args: { now: number }) => countRoundsToday(db, args.now),
  "figures.timeline": (db: Kysely<Database>, args: { minutes: number; now: number }) =>
    countTimeline(db, args.minutes, args.now),
  "figures.vaultCounts": (db: Kysely<Database>, _args: null) => countVaultRows(db),
};

/** The URL the worker imports the jobs from. */
export const READ_JOBS_MODULE = new URL(import.meta.url);

/** The operator's read jobs' type. */
export type OperatorReadJobs = typeof readJobs;

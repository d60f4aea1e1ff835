/**
 * Reads sessions from the database in batches: every session looked up in the same turn of the
 * event loop (a room re-checking thousands of players at once) is read by one query, expired ones
 * are deleted by one statement and due ones slid forward by one, instead of a query each run back
 * to back.
 */
import DataLoader from "dataloader";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** A session as a request sees it: who it is, by token hash. */
export interface SessionRecord {
  tokenHash: string;
  userId: string | null;
  walletAddress: string | null;
}

/** A session read from the database with its expiry, or undefined when it is gone or expired. */
export type LoadedSession = { session: SessionRecord; expiresAt: number } | undefined;

/** A session lives this long after its last use. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Activity is written back at most this often (a read per request, a write per minute). */
const TOUCH_INTERVAL_MS = 60 * 1000;
/** The most token hashes one query reads. */
const MAX_BATCH = 500;

interface SessionKey {
  tokenHash: string;
  now: number;
}

const loaders = new WeakMap<Kysely<Database>, DataLoader<SessionKey, LoadedSession, string>>();

/**
 * Reads a session by its token hash, deleting it when expired and sliding its expiry when due;
 * lookups of the same turn share their queries.
 */
export function loadSession(db: Kysely<Database>, tokenHash: string, now: number): Promise<LoadedSession> {
  let loader = loaders.get(db);
  if (!loader) {
    loader = new DataLoader((keys) => loadSessions(db, keys), {
      cache: false,
      maxBatchSize: MAX_BATCH,
      cacheKeyFn: (key) => key.tokenHash,
      batchScheduleFn: (dispatch) => setImmediate(dispatch),
    });
    loaders.set(db, loader);
  }
  return loader.load({ tokenHash, now });
}

/** One batch: one read, then at most one delete and one update. */
async function loadSessions(db: Kysely<Database>, keys: readonly SessionKey[]): Promise<LoadedSession[]> {
  const hashes = [...new Set(keys.map((key) => key.tokenHash))];
  const rows = await db
    .selectFrom("sessions")
    .leftJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.token_hash",
      "sessions.user_id",
      "sessions.expires_at",
      "sessions.last_seen_at",
      "users.wallet_address",
    ])
    .where("sessions.token_hash", "in", hashes)
    .execute();
  const now = Math.max(...keys.map((key) => key.now));
  const expired = rows.filter((row) => Number(row.expires_at) <= now).map((row) => row.token_hash);
  const due = rows.filter(
    (row) => Number(row.expires_at) > now && now - Number(row.last_seen_at) >= TOUCH_INTERVAL_MS,
  );
  if (expired.length > 0) await db.deleteFrom("sessions").where("token_hash", "in", expired).execute();
  const slid = now + SESSION_TTL_MS;
  if (due.length > 0)
    await db
      .updateTable("sessions")
      .set({ last_seen_at: now, expires_at: slid })
      .where(
        "token_hash",
        "in",
        due.map((row) => row.token_hash),
      )
      .execute();
  const touched = new Set(due.map((row) => row.token_hash));
  const byHash = new Map(rows.map((row) => [row.token_hash, row]));
  return keys.map((key) => {
    const row = byHash.get(key.tokenHash);
    if (!row || Number(row.expires_at) <= now) return undefined;
    return {
      session: { tokenHash: key.tokenHash, userId: row.user_id, walletAddress: row.wallet_address ?? null },
      expiresAt: touched.has(row.token_hash) ? slid : Number(row.expires_at),
    };
  });
}

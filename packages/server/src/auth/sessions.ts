/**
 * Server-side sessions: the browser holds a random 256-bit token (HttpOnly cookie or bearer), the
 * database holds only its SHA-256, and the expiry slides forward while the session is in use.
 */
import { hash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { loadSession, SESSION_TTL_MS, type SessionRecord } from "./session-loader.ts";

/** Name of the session cookie. */
export const SESSION_COOKIE = "casino_session";

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export { SESSION_TTL_MS, type SessionRecord } from "./session-loader.ts";

/** A session bound to a user: what every wallet-scoped route and money move needs. */
export type UserSession = SessionRecord & { userId: string; walletAddress: string };

/** The stored form of a token (every request hashes its token: the one-shot hash is the cheapest). */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}

/** A fresh token (32 random bytes, base64url) and its hash. */
export function createSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/**
 * Sessions looked up recently, so a busy player's requests cost no query each: an entry is trusted
 * for SESSION_CACHE_MS (or the casino's own window, setSessionTrust) and never past the session's
 * expiry. Ending or replacing a session drops it from the cache of every process at once
 * (auth/revocation.ts publishes the revocation when scaled out), and marks it ended so a lookup
 * already under way cannot put it back.
 */
export const SESSION_CACHE_MS = 5_000;
/**
 * How long a process of a cluster trusts a cached session while its revocation channel is
 * connected (scale/shared-revocations.ts): every ending reaches it on that channel, so the cache
 * only has to catch what the channel could miss (a revocation whose publishing failed).
 */
export const SESSION_CACHE_WITH_REVOCATIONS_MS = 30_000;
const MAX_CACHED_SESSIONS = 50_000;
interface CachedSession {
  db: Kysely<Database>;
  record: SessionRecord;
  cachedAt: number;
  expiresAt: number; // the session's own expiry
}
const sessionCache = new Map<string, CachedSession>();
/** Each casino's trust window, by its database (SESSION_CACHE_MS when none is set); read at every lookup. */
const trustWindows = new WeakMap<Kysely<Database>, () => number>();

/** Sets how long the cached sessions of the casino on `db` are trusted (undefined: SESSION_CACHE_MS). */
export function setSessionTrust(db: Kysely<Database>, windowMs: (() => number) | undefined): void {
  if (windowMs) trustWindows.set(db, windowMs);
  else trustWindows.delete(db);
}

/** Drops every cached session of the casino on `db` (its revocation channel may have missed endings). */
export function forgetCachedSessionsOf(db: Kysely<Database>): void {
  for (const [tokenHash, cached] of sessionCache) if (cached.db === db) sessionCache.delete(tokenHash);
}

function isTrusted(cached: CachedSession, db: Kysely<Database>, now: number): boolean {
  const window = trustWindows.get(db)?.() ?? SESSION_CACHE_MS;
  return cached.db === db && now < cached.cachedAt + window && now < cached.expiresAt;
}
/** Lookups under way, by token hash: concurrent lookups share one query (and resolve in order). */
const pendingLookups = new Map<
  string,
  { db: Kysely<Database>; lookup: Promise<SessionRecord | undefined> }
>();

/** How long an ended session is remembered as ended (longer than any cache entry or reconnection window). */
export const ENDED_SESSION_MEMORY_MS = 10 * 60 * 1000;
const MAX_ENDED_SESSIONS = 100_000;
/** Ended sessions by token hash, oldest first, with when they may be forgotten. */
const endedSessions = new Map<string, number>();

/** Drops a session from this process's cache. */
export function forgetCachedSession(tokenHash: string): void {
  sessionCache.delete(tokenHash);
}

/**
 * Marks a session ended in this process: out of the cache, and refused by every lookup while it is
 * remembered (token hashes are never reused, so remembering one cannot refuse another session).
 */
export function markSessionEnded(tokenHash: string, now = Date.now()): void {
  sessionCache.delete(tokenHash);
  pendingLookups.delete(tokenHash);
  endedSessions.delete(tokenHash);
  endedSessions.set(tokenHash, now + ENDED_SESSION_MEMORY_MS);
  for (const [ended, until] of endedSessions) {
    if (until > now && endedSessions.size <= MAX_ENDED_SESSIONS) break;
    endedSessions.delete(ended);
  }
}

/** Whether this process knows the session ended (a synchronous check for every room message). */
export function isSessionEnded(tokenHash: string): boolean {
  return endedSessions.has(tokenHash);
}

/** Looks a token up; expired or malformed tokens are no session. Slides the expiry forward. */
export async function findSession(
  db: Kysely<Database>,
  token: string | undefined,
  now: number,
): Promise<SessionRecord | undefined> {
  if (!token || !TOKEN_FORMAT.test(token)) return undefined;
  return findSessionByHash(db, hashToken(token), now);
}

/**
 * Looks a session up by its token hash (rooms re-check the session of a client this way before
 * acting for it): from the cache while fresh, else from the database.
 */
export function findSessionByHash(
  db: Kysely<Database>,
  tokenHash: string,
  now: number,
): Promise<SessionRecord | undefined> {
  if (endedSessions.has(tokenHash)) return Promise.resolve(undefined);
  const cached = sessionCache.get(tokenHash);
  if (cached && isTrusted(cached, db, now)) return Promise.resolve(cached.record);
  const pending = pendingLookups.get(tokenHash);
  if (pending && pending.db === db) return pending.lookup;
  const lookup = loadSession(db, tokenHash, now).then(
    (record) => {
      if (pendingLookups.get(tokenHash)?.lookup === lookup) pendingLookups.delete(tokenHash);
      // Ended while the query ran: the answer is stale and must not be cached.
      if (endedSessions.has(tokenHash)) return undefined;
      if (record) {
        if (sessionCache.size >= MAX_CACHED_SESSIONS) sessionCache.clear();
        sessionCache.set(tokenHash, {
          db,
          record: record.session,
          cachedAt: now,
          expiresAt: record.expiresAt,
        });
      } else {
        sessionCache.delete(tokenHash);
      }
      return record?.session;
    },
    (error: unknown) => {
      if (pendingLookups.get(tokenHash)?.lookup === lookup) pendingLookups.delete(tokenHash);
      throw error;
    },
  );
  pendingLookups.set(tokenHash, { db, lookup });
  return lookup;
}

/**
 * Opens a session for a user with a fresh token. A previous session of the same browser is
 * replaced (no fixation) and hands its demo identities over to the new token.
 */
export async function openSession(
  db: Kysely<Database>,
  userId: string,
  now: number,
  fresh: { token: string; tokenHash: string } = createSessionToken(),
  previousTokenHash?: string,
): Promise<{ token: string; tokenHash: string }> {
  await db
    .insertInto("sessions")
    .values({
      token_hash: fresh.tokenHash,
      user_id: userId,
      created_at: now,
      expires_at: now + SESSION_TTL_MS,
      last_seen_at: now,
    })
    .execute();
  if (previousTokenHash) {
    await db
      .updateTable("demo_owners")
      .set({ owner_token_hash: fresh.tokenHash })
      .where("owner_token_hash", "=", previousTokenHash)
      .execute();
    await db.deleteFrom("sessions").where("token_hash", "=", previousTokenHash).execute();
    forgetCachedSession(previousTokenHash);
  }
  return fresh;
}

/**
 * Ends a session (wallet disconnect): marked ended in this process, then deleted. Its rooms and the
 * other processes learn of it through services.revocations (auth/revocation.ts).
 */
export async function endSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  markSessionEnded(tokenHash);
  await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
}

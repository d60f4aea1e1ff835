/**
 * Server-side sessions: the browser holds a random 256-bit token (HttpOnly cookie or bearer), the
 * database holds only its SHA-256, and the expiry slides forward while the session is in use.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** Name of the session cookie. */
export const SESSION_COOKIE = "casino_session";
/** A session lives this long after its last use. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Activity is written back at most this often (a read per request, a write per minute). */
const TOUCH_INTERVAL_MS = 60 * 1000;

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** A session as a request sees it: who it is, by token hash. */
export interface SessionRecord {
  tokenHash: string;
  userId: string | null;
  walletAddress: string | null;
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A fresh token (32 random bytes, base64url) and its hash. */
export function createSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/**
 * Sessions looked up recently, so a busy player's requests cost no query each: an entry is trusted
 * for SESSION_CACHE_MS and never past the session's expiry; ending or replacing a session in this
 * process drops it at once (another process may honour an ended session for at most that long).
 */
export const SESSION_CACHE_MS = 5_000;
const MAX_CACHED_SESSIONS = 50_000;
interface CachedSession {
  db: Kysely<Database>;
  record: SessionRecord;
  until: number; // cache expiry
  expiresAt: number; // the session's own expiry
}
const sessionCache = new Map<string, CachedSession>();

/** Drops a session from this process's cache (logout, replacement, expiry). */
export function forgetCachedSession(tokenHash: string): void {
  sessionCache.delete(tokenHash);
}

/** Looks a token up; expired or malformed tokens are no session. Slides the expiry forward. */
export async function findSession(
  db: Kysely<Database>,
  token: string | undefined,
  now: number,
): Promise<SessionRecord | undefined> {
  if (!token || !TOKEN_FORMAT.test(token)) return undefined;
  const tokenHash = hashToken(token);
  const cached = sessionCache.get(tokenHash);
  if (cached && cached.db === db && now < cached.until && now < cached.expiresAt) return cached.record;
  const record = await loadSession(db, tokenHash, now);
  if (record) {
    if (sessionCache.size >= MAX_CACHED_SESSIONS) sessionCache.clear();
    sessionCache.set(tokenHash, {
      db,
      record: record.session,
      until: now + SESSION_CACHE_MS,
      expiresAt: record.expiresAt,
    });
  } else {
    sessionCache.delete(tokenHash);
  }
  return record?.session;
}

/** Reads a session from the database, deleting it when expired and sliding its expiry when due. */
async function loadSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: number,
): Promise<{ session: SessionRecord; expiresAt: number } | undefined> {
  const row = await db
    .selectFrom("sessions")
    .leftJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.user_id", "sessions.expires_at", "sessions.last_seen_at", "users.wallet_address"])
    .where("sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.expires_at <= now) {
    await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
    return undefined;
  }
  let expiresAt = Number(row.expires_at);
  if (now - row.last_seen_at >= TOUCH_INTERVAL_MS) {
    expiresAt = now + SESSION_TTL_MS;
    await db
      .updateTable("sessions")
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where("token_hash", "=", tokenHash)
      .execute();
  }
  return {
    session: { tokenHash, userId: row.user_id, walletAddress: row.wallet_address ?? null },
    expiresAt,
  };
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

/** Ends a session (wallet disconnect). */
export async function endSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  forgetCachedSession(tokenHash);
  await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
}

/**
 * A browser's own long-lived id (the HttpOnly `casino_browser` cookie), under which a cool-off or
 * self-exclusion started in that browser is remembered until it ends, so a new demo identity made
 * in the same browser starts excluded too (a click on "new identity" is no way out of a pause).
 * The database holds only the cookie's SHA-256.
 */
import { createHash } from "node:crypto";
import { readCookie } from "../auth/session-token.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { recoveryDb } from "./migration.ts";

/** Name of the browser cookie. */
export const BROWSER_COOKIE = "casino_browser";
/** The cookie lives as long as browsers allow (400 days). */
export const BROWSER_COOKIE_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;
const BROWSER_ID_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** An exclusion a browser carries: its kind and end. */
export interface BrowserExclusion {
  kind: "cool_off" | "self_exclusion";
  until: number;
}

/** The stored form of a browser id. */
export function hashBrowserId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** The stored form of a Cookie header's browser id, or undefined when it carries none (or a malformed one). */
export function browserHashOf(cookieHeader: string | undefined): string | undefined {
  const id = readCookie(cookieHeader, BROWSER_COOKIE);
  return id && BROWSER_ID_FORMAT.test(id) ? hashBrowserId(id) : undefined;
}

/** Remembers an exclusion under the browser; a longer one already remembered is kept. */
export async function rememberBrowserExclusion(
  handle: DatabaseHandle,
  browserHash: string,
  exclusion: BrowserExclusion,
  now: number,
): Promise<void> {
  const db = recoveryDb(handle.db);
  await db
    .insertInto("browser_exclusions")
    .values({ browser_hash: browserHash, ...exclusion, updated_at: now })
    .onConflict((oc) =>
      oc
        .column("browser_hash")
        .doUpdateSet({ kind: exclusion.kind, until: exclusion.until, updated_at: now })
        .where("browser_exclusions.until", "<", exclusion.until),
    )
    .execute();
}

/** The exclusion the browser still carries at `now`, if any. */
export async function findBrowserExclusion(
  handle: DatabaseHandle,
  browserHash: string | undefined,
  now: number,
): Promise<BrowserExclusion | undefined> {
  if (!browserHash) return undefined;
  const row = await recoveryDb(handle.db)
    .selectFrom("browser_exclusions")
    .select(["kind", "until"])
    .where("browser_hash", "=", browserHash)
    .where("until", ">", now)
    .executeTakeFirst();
  return row ? { kind: row.kind, until: Number(row.until) } : undefined;
}

/** Hashes request sources (IP addresses) with a per-install salt: events stay linkable, addresses stay private. */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

const SALT_KEY = "security.source_salt";

/** Reads the install's salt from the settings table, creating it on first start (race-safe). */
export async function loadSourceSalt(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto("settings")
    .values({ key: SALT_KEY, value: randomBytes(32).toString("hex"), updated_at: Date.now() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", SALT_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The stored form of a source: a salted SHA-256 prefix, or "unknown" when there is none. */
export function hashSource(salt: string, source: string | undefined): string {
  if (!source) return "unknown";
  return createHash("sha256").update(`${salt}:${source}`).digest("hex").slice(0, 24);
}

/**
 * Operator bearer tokens: 32 random bytes handed out once, only their SHA-256 kept (in the
 * database, so another process can check them), valid for 8 hours.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { operatorDb } from "./db.ts";

/** How long a dashboard login lasts. */
export const OPERATOR_TOKEN_TTL_MS = 8 * 60 * 60 * 1000;

/** A token as the login answers it. */
export interface IssuedToken {
  token: string;
  expiresAt: number;
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Issues a new token and forgets expired ones. */
export async function issueOperatorToken(db: Kysely<Database>, now: number): Promise<IssuedToken> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = now + OPERATOR_TOKEN_TTL_MS;
  const odb = operatorDb(db);
  await odb.deleteFrom("operator_tokens").where("expires_at", "<=", now).execute();
  await odb
    .insertInto("operator_tokens")
    .values({ token_hash: hashToken(token), created_at: now, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/** Whether a presented token is one we issued and it has not expired. */
export async function isOperatorTokenValid(
  db: Kysely<Database>,
  token: string,
  now: number,
): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const row = await operatorDb(db)
    .selectFrom("operator_tokens")
    .select("expires_at")
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  return row !== undefined && Number(row.expires_at) > now;
}

/** Ends a login (logout). */
export async function revokeOperatorToken(db: Kysely<Database>, token: string): Promise<void> {
  await operatorDb(db).deleteFrom("operator_tokens").where("token_hash", "=", hashToken(token)).execute();
}

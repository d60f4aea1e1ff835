/** One-time sign-in challenges: a real wallet proves it holds its key by signing one within 5 minutes. */
import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** How long a challenge may be signed and used. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** A challenge as the client receives it; `challenge` is the exact text to sign. */
export interface IssuedChallenge {
  challengeId: string;
  challenge: string;
  expiresAt: number;
}

/** The text a wallet signs: says what it is for, binds the address, and carries a random nonce. */
export function composeChallengeText(address: string, nonce: string, expiresAt: number): string {
  return `AMINA Casino sign-in\nAddress: ${address}\nNonce: ${nonce}\nExpires: ${new Date(expiresAt).toISOString()}`;
}

/** Issues a fresh challenge for an address and clears long-expired ones. */
export async function issueChallenge(
  db: Kysely<Database>,
  address: string,
  now: number,
): Promise<IssuedChallenge> {
  const expiresAt = now + CHALLENGE_TTL_MS;
  const challenge = composeChallengeText(address, randomBytes(16).toString("hex"), expiresAt);
  const challengeId = randomUUID();
  await db
    .deleteFrom("auth_challenges")
    .where("expires_at", "<", now - CHALLENGE_TTL_MS)
    .execute();
  await db
    .insertInto("auth_challenges")
    .values({ id: challengeId, wallet_address: address, challenge, expires_at: expiresAt, used_at: null })
    .execute();
  return { challengeId, challenge, expiresAt };
}

export type ChallengeUse =
  | { ok: true; challenge: string }
  | { ok: false; code: "auth/challenge_invalid"; reason: "unknown" | "used" | "expired" };

/**
 * Consumes a challenge for an address: it can be used once, whatever the outcome of the signature
 * check that follows, so a captured signature cannot be replayed.
 */
export async function consumeChallenge(
  db: Kysely<Database>,
  challengeId: string,
  address: string,
  now: number,
): Promise<ChallengeUse> {
  const claimed = await db
    .updateTable("auth_challenges")
    .set({ used_at: now })
    .where("id", "=", challengeId)
    .where("wallet_address", "=", address)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  const row = await db
    .selectFrom("auth_challenges")
    .select(["challenge", "used_at", "expires_at"])
    .where("id", "=", challengeId)
    .where("wallet_address", "=", address)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 1 && row) return { ok: true, challenge: row.challenge };
  const reason = !row ? "unknown" : row.expires_at <= now ? "expired" : "used";
  return { ok: false, code: "auth/challenge_invalid", reason };
}

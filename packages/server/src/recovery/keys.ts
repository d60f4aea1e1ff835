/**
 * Recovery keys of demo identities: issuing one (the previous key stops working) and restoring an
 * identity from one (a new session on it in this browser; the identity's other sessions stay, and
 * this browser becomes the one that may connect it by address).
 */
import { createHash, randomBytes } from "node:crypto";
import { type Failure, failure } from "@casino/protocol";
import {
  encodeRecoveryKey,
  normalizeRecoveryKey,
  RECOVERY_KEY_BYTES,
  type RecoveryKey,
  type RecoveryStatus,
} from "@casino/protocol/schemas/recovery";
import { createSessionToken, openSession, type UserSession } from "../auth/sessions.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { runInTransaction } from "../db/transaction.ts";
import { type UserView, viewUser } from "../users/users.ts";
import { recoveryDb } from "./migration.ts";

/** The stored form of a key: SHA-256 hex of its canonical text (undefined: not a key at all). */
export function hashRecoveryKey(typed: string): string | undefined {
  const canonical = normalizeRecoveryKey(typed);
  return canonical === undefined ? undefined : createHash("sha256").update(canonical).digest("hex");
}

/** Whether the session's identity is a demo identity, and whether and since when it has a key. */
export async function readRecoveryStatus(
  handle: DatabaseHandle,
  session: UserSession,
): Promise<RecoveryStatus> {
  const db = recoveryDb(handle.db);
  const user = await db
    .selectFrom("users")
    .select("kind")
    .where("id", "=", session.userId)
    .executeTakeFirst();
  const key = await db
    .selectFrom("demo_recovery_keys")
    .select("created_at")
    .where("user_id", "=", session.userId)
    .executeTakeFirst();
  return {
    walletAddress: session.walletAddress,
    demo: user?.kind === "demo",
    hasKey: key !== undefined,
    createdAt: key ? Number(key.created_at) : null,
  };
}

/** Issues a new recovery key for the session's demo identity, replacing any earlier one. */
export async function issueRecoveryKey(
  handle: DatabaseHandle,
  session: UserSession,
  now: number,
): Promise<RecoveryKey | Failure> {
  const recoveryKey = encodeRecoveryKey(randomBytes(RECOVERY_KEY_BYTES));
  const keyHash = hashRecoveryKey(recoveryKey);
  if (!keyHash) throw new Error("recovery: an issued key does not read back");
  return runInTransaction<RecoveryKey | Failure>(handle, async (trx) => {
    const db = recoveryDb(trx);
    const user = await db
      .selectFrom("users")
      .select("kind")
      .where("id", "=", session.userId)
      .executeTakeFirst();
    if (user?.kind !== "demo") return failure("recovery/not_demo");
    await db.deleteFrom("demo_recovery_keys").where("user_id", "=", session.userId).execute();
    await db
      .insertInto("demo_recovery_keys")
      .values({ user_id: session.userId, key_hash: keyHash, created_at: now })
      .execute();
    return { walletAddress: session.walletAddress, recoveryKey, createdAt: now };
  });
}

/** A restored identity: its user and the new session's token. */
export type RestoreResult = { ok: true; user: UserView; token: string } | Failure;

/**
 * Opens a new session on the demo identity whose key this is. The browser's previous session (if
 * any) is replaced, handing its own demo identities to the new session as a connect does.
 */
export async function restoreIdentity(
  handle: DatabaseHandle,
  typedKey: string,
  previousTokenHash: string | undefined,
  now: number,
): Promise<RestoreResult> {
  const keyHash = hashRecoveryKey(typedKey);
  if (!keyHash) return failure("recovery/invalid_key");
  const fresh = createSessionToken();
  return runInTransaction<RestoreResult>(handle, async (trx) => {
    const db = recoveryDb(trx);
    const found = await db
      .selectFrom("demo_recovery_keys as k")
      .innerJoin("users as u", "u.id", "k.user_id")
      .select(["u.id", "u.wallet_address", "u.username"])
      .where("k.key_hash", "=", keyHash)
      .executeTakeFirst();
    if (!found) return failure("recovery/invalid_key");
    const session = await openSession(trx, found.id, now, fresh, previousTokenHash);
    await db
      .updateTable("demo_owners")
      .set({ owner_token_hash: session.tokenHash })
      .where("user_id", "=", found.id)
      .execute();
    return { ok: true, user: await viewUser(trx, found), token: session.token };
  });
}

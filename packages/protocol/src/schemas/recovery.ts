/**
 * Demo-identity recovery on the wire: the recovery key's text form (32 Crockford base32 characters,
 * 160 random bits, shown in groups of four), the body of POST /api/recovery/restore and the answers
 * of GET /api/recovery and POST /api/recovery/key.
 */
import { base32crockford } from "@scure/base";
import { z } from "zod";

/** Crockford's base32 alphabet: no I, L, O or U, so a key read aloud or retyped survives. */
export const RECOVERY_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Characters in a recovery key (5 bits each: 160 bits). */
export const RECOVERY_KEY_LENGTH = 32;
/** Random bytes behind a recovery key. */
export const RECOVERY_KEY_BYTES = (RECOVERY_KEY_LENGTH * 5) / 8;

/** Writes random bytes as a recovery key, in groups of four ("7K2M-…"). */
export function encodeRecoveryKey(bytes: Uint8Array): string {
  return (base32crockford.encode(bytes).match(/.{1,4}/g) ?? []).join("-");
}

/**
 * The canonical form of a typed key: case, spaces and dashes ignored, O read as 0 and I or L as 1;
 * undefined when it cannot be a key (wrong length or other characters).
 */
export function normalizeRecoveryKey(typed: string): string | undefined {
  const text = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (text.length !== RECOVERY_KEY_LENGTH) return undefined;
  for (const char of text) if (!RECOVERY_ALPHABET.includes(char)) return undefined;
  return text;
}

/** POST /api/recovery/restore: the key of the demo identity to open a session on. */
export const restoreBodySchema = z.strictObject({
  recoveryKey: z.string({ error: "Enter your recovery key" }).min(1, "Enter your recovery key").max(200),
});
/** A restore request. */
export type RestoreBody = z.infer<typeof restoreBodySchema>;

/** GET /api/recovery: whether the session's demo identity has a recovery key, and since when. */
export const recoveryStatusSchema = z.object({
  walletAddress: z.string(),
  demo: z.boolean(),
  hasKey: z.boolean(),
  createdAt: z.number().nullable(),
});
/** The recovery status of the session's identity. */
export type RecoveryStatus = z.infer<typeof recoveryStatusSchema>;

/** POST /api/recovery/key: a new recovery key (shown once; the previous key stops working). */
export const recoveryKeySchema = z.object({
  walletAddress: z.string(),
  recoveryKey: z.string(),
  createdAt: z.number(),
});
/** A freshly issued recovery key. */
export type RecoveryKey = z.infer<typeof recoveryKeySchema>;

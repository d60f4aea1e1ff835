/** The vault's row counts (users, verified challenges, confirmed and failed transfers), read in one go. */
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** What the vault counts. */
export interface VaultCounts {
  users: number;
  challengesVerified: number;
  confirmedTransfers: number;
  failedTransfers: number;
}

/** Counts the vault's rows (each a scan of its table: run it off the main connection). */
export async function countVaultRows(db: Kysely<Database>): Promise<VaultCounts> {
  const count = sql<number>`count(*)`.as("n");
  const users = await db.selectFrom("users").select(count).executeTakeFirstOrThrow();
  const challenges = await db
    .selectFrom("auth_challenges")
    .select(count)
    .where("used_at", "is not", null)
    .executeTakeFirstOrThrow();
  const transfers = await db
    .selectFrom("crypto_transactions")
    .select(["status", count])
    .groupBy("status")
    .execute();
  const byStatus = new Map(transfers.map((r) => [r.status, Number(r.n)]));
  return {
    users: Number(users.n),
    challengesVerified: Number(challenges.n),
    confirmedTransfers: byStatus.get("confirmed") ?? 0,
    failedTransfers: byStatus.get("failed") ?? 0,
  };
}

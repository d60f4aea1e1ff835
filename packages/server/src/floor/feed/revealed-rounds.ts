/**
 * The rounds the feed reads: which handed-over rounds are committed (checked before publishing),
 * and the verify fields of rows whose server seed has been revealed (rotated out), read in one
 * query when a tab is read; a seed still active stays secret and its row says "seed not revealed yet".
 */
import type { FeedVerify } from "@casino/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** The verify fields of the revealed rounds among `roundIds`, by round id. */
export async function findRevealedRounds(
  db: Kysely<Database>,
  roundIds: readonly string[],
): Promise<Map<string, FeedVerify>> {
  const found = new Map<string, FeedVerify>();
  if (roundIds.length === 0) return found;
  const rows = await db
    .selectFrom("game_rounds as r")
    .innerJoin("fair_seeds as s", "s.id", "r.seed_id")
    .select(["r.id", "r.server_seed_hash", "r.client_seed", "r.nonce", "r.input", "s.server_seed"])
    .where("r.id", "in", [...roundIds])
    .where("s.is_active", "=", 0)
    .execute();
  for (const row of rows) {
    found.set(row.id, {
      serverSeed: row.server_seed,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: Number(row.nonce),
      input: row.input === null ? null : JSON.parse(row.input),
    });
  }
  return found;
}

/**
 * Which of `roundIds` are settled as far as this connection sees: a round handed over from inside
 * a caller's transaction (an Idempotency-Key request) is published only once that commit is visible.
 */
export async function findCommittedRounds(
  db: Kysely<Database>,
  roundIds: readonly string[],
): Promise<Set<string>> {
  if (roundIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("game_rounds")
    .select("id")
    .where("id", "in", [...roundIds])
    .where("status", "=", "settled")
    .execute();
  return new Set(rows.map((row) => row.id));
}

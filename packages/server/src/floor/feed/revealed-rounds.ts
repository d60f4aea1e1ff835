/**
 * The rounds the feed reads: which handed-over rounds are committed (checked before publishing),
 * and the verify fields of rows whose server seed has been revealed (rotated out), read in one
 * query when a tab is read; a seed still active stays secret and its row says "seed not revealed yet".
 */
import type { FeedVerify } from "@casino/protocol";
import { readerByIds } from "./by-ids.ts";

/** The verify fields of the revealed rounds among some round ids, by round id. */
export const findRevealedRounds = readerByIds(
  (db, ids) =>
    db
      .selectFrom("game_rounds as r")
      .innerJoin("fair_seeds as s", "s.id", "r.seed_id")
      .select(["r.id", "r.server_seed_hash", "r.client_seed", "r.nonce", "r.input", "s.server_seed"])
      .where("r.id", "in", ids)
      .where("s.is_active", "=", 0)
      .execute(),
  (row): FeedVerify => ({
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
    input: row.input === null ? null : JSON.parse(row.input),
  }),
);

/**
 * Which of some round ids are settled as far as this connection sees (the map's keys): a round
 * handed over from inside a caller's transaction (an Idempotency-Key request) is published only once
 * that commit is visible.
 */
export const findCommittedRounds = readerByIds(
  (db, ids) =>
    db
      .selectFrom("game_rounds")
      .select("id")
      .where("id", "in", ids)
      .where("status", "=", "settled")
      .execute(),
  () => true,
);

/** Reading rounds: a player's open hand, abandoned hands to settle, and the verifiable history. */
import type { Kysely } from "kysely";
import { OPEN_STATUS } from "../db/literals.ts";
import type { Database } from "../db/schema.ts";
import { type HistoryRow, type OpenRound, toRoundRecord } from "./types.ts";

/** The user's open round of a game, if any (to resume a hand after a reload). */
export async function findOpenRound(
  db: Kysely<Database>,
  userId: string,
  gameType: string,
): Promise<OpenRound | undefined> {
  const row = await db
    .selectFrom("game_rounds")
    .selectAll()
    .where("user_id", "=", userId)
    .where("game_type", "=", gameType)
    .where("status", "=", OPEN_STATUS)
    .executeTakeFirst();
  return row ? (toRoundRecord(row) as OpenRound) : undefined;
}

/** Open rounds untouched for at least `ms` milliseconds, oldest first, so abandoned hands get settled. */
export async function listOpenRoundsOlderThan(
  db: Kysely<Database>,
  ms: number,
  limit = 100,
): Promise<OpenRound[]> {
  const rows = await db
    .selectFrom("game_rounds")
    .selectAll()
    .where("status", "=", OPEN_STATUS)
    .where("updated_at", "<=", Date.now() - ms)
    .orderBy("updated_at", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => toRoundRecord(row) as OpenRound);
}

/** The user's latest rounds first, with the server seed revealed only once it has been rotated out. */
export async function listRounds(db: Kysely<Database>, userId: string, limit: number): Promise<HistoryRow[]> {
  const rows = await db
    .selectFrom("game_rounds as r")
    .innerJoin("fair_seeds as s", "s.id", "r.seed_id")
    .select([
      "r.id",
      "r.game_type",
      "r.currency",
      "r.bet_amount",
      "r.win_amount",
      "r.status",
      "r.server_seed_hash",
      "r.client_seed",
      "r.nonce",
      "r.input",
      "r.outcome",
      "r.created_at",
      "r.settled_at",
      "s.server_seed",
      "s.is_active",
    ])
    .where("r.user_id", "=", userId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(Math.max(0, Math.min(limit, 1000)))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    gameType: row.game_type,
    currency: row.currency,
    betAmount: Number(row.bet_amount),
    winAmount: Number(row.win_amount),
    status: row.status,
    serverSeedHash: row.server_seed_hash,
    serverSeed: Number(row.is_active) === 1 ? null : row.server_seed,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
    input: JSON.parse(row.input),
    outcome: row.outcome === null ? null : JSON.parse(row.outcome),
    createdAt: Number(row.created_at),
    settledAt: row.settled_at === null ? null : Number(row.settled_at),
  }));
}

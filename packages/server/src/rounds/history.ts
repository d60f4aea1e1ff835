/** Reading rounds: a player's open hand, abandoned hands to settle, and the verifiable history. */
import type { Currency } from "@casino/protocol";
import type { Kysely } from "kysely";
import { OPEN_STATUS } from "../db/literals.ts";
import type { Database } from "../db/schema.ts";
import { type HistoryRow, type OpenRound, type RoundRecord, toRoundRecord } from "./types.ts";

/** A player's rounds of one game: what the open-round and last-round reads narrow down. */
function roundsOfGame(db: Kysely<Database>, userId: string, gameType: string) {
  return db
    .selectFrom("game_rounds")
    .selectAll()
    .where("user_id", "=", userId)
    .where("game_type", "=", gameType);
}

/** The user's open round of a game, if any (to resume a hand after a reload). */
export async function findOpenRound(
  db: Kysely<Database>,
  userId: string,
  gameType: string,
): Promise<OpenRound | undefined> {
  const row = await roundsOfGame(db, userId, gameType).where("status", "=", OPEN_STATUS).executeTakeFirst();
  return row ? (toRoundRecord(row) as OpenRound) : undefined;
}

/** The player's most recent round of a game, open or settled: what bust and loss reports are checked against. */
export async function findLastRound(
  db: Kysely<Database>,
  userId: string,
  gameType: string,
): Promise<RoundRecord | undefined> {
  const row = await roundsOfGame(db, userId, gameType)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toRoundRecord(row) : undefined;
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

/** Which rounds a history page holds: a cursor, filters and a time range (epoch ms, `to` exclusive). */
export interface RoundFilter {
  before?: { createdAt: number; id: string };
  gameType?: string;
  currency?: Currency;
  from?: number;
  to?: number;
  winsOnly?: boolean; // paid back more than the stake
}

/** Most rows one read returns, whatever the caller asks. */
const MAX_ROWS = 1000;

/**
 * The user's latest rounds first, with the server seed revealed only once it has been rotated out.
 * Walks the (user_id, created_at) index from the newest row (or from the cursor) down, so a page
 * costs about its own rows whatever the history's length.
 */
export async function listRounds(
  db: Kysely<Database>,
  userId: string,
  limit: number,
  filter: RoundFilter = {},
): Promise<HistoryRow[]> {
  let query = db
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
    .where("r.user_id", "=", userId);
  const { before } = filter;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb("r.created_at", "<", before.createdAt),
        eb.and([eb("r.created_at", "=", before.createdAt), eb("r.id", "<", before.id)]),
      ]),
    );
  }
  if (filter.gameType !== undefined) query = query.where("r.game_type", "=", filter.gameType);
  if (filter.currency !== undefined) query = query.where("r.currency", "=", filter.currency);
  if (filter.from !== undefined) query = query.where("r.created_at", ">=", filter.from);
  if (filter.to !== undefined) query = query.where("r.created_at", "<", filter.to);
  if (filter.winsOnly) query = query.where((eb) => eb("r.win_amount", ">", eb.ref("r.bet_amount")));
  const rows = await query
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(Math.max(0, Math.min(limit, MAX_ROWS)))
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

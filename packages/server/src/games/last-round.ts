/** The latest round of a player in a game: what bust and loss reports are checked against. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { type RoundRecord, toRoundRecord } from "../rounds/types.ts";

/** The player's most recent round of a game, open or settled. */
export async function findLastRound(
  db: Kysely<Database>,
  userId: string,
  gameType: string,
): Promise<RoundRecord | undefined> {
  const row = await db
    .selectFrom("game_rounds")
    .selectAll()
    .where("user_id", "=", userId)
    .where("game_type", "=", gameType)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toRoundRecord(row) : undefined;
}

/** Reading a tournament table's stored hands in tests: what was dealt, posted and played. */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { pokerDb } from "../db.ts";
import { findHand, type StoredHand } from "../hand-store.ts";

/** Every ended hand of a table, in hand order, with its events. */
export async function readEndedHands(db: Kysely<Database>, tableId: string): Promise<StoredHand[]> {
  const rows = await pokerDb(db)
    .selectFrom("poker_hands")
    .select("id")
    .where("table_id", "=", tableId)
    .where("status", "=", "ended")
    .orderBy("hand_number")
    .execute();
  const hands: StoredHand[] = [];
  for (const row of rows) hands.push((await findHand(db, Number(row.id)))!);
  return hands;
}

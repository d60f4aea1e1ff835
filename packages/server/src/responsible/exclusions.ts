/**
 * Who among some players is on a cool-off or self-exclusion now: a poker table asks before each
 * deal, and sits such a player out of the next hand and cashes their stack out.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { checkExclusion } from "./gate.ts";
import { applyDueChanges, parseState } from "./state.ts";
import { responsibleDb } from "./store.ts";

/** The players among `userIds` whose cool-off or self-exclusion runs at `now`. */
export async function listExcludedPlayers(
  db: Kysely<Database>,
  userIds: readonly string[],
  now: number,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await responsibleDb(db)
    .selectFrom("responsible_gaming")
    .select(["user_id", "state"])
    .where("user_id", "in", [...userIds])
    .where("listed_until", ">", now)
    .execute();
  const excluded = new Set<string>();
  for (const row of rows) {
    const state = applyDueChanges(parseState(row.state), now);
    if (checkExclusion(state, now)) excluded.add(row.user_id);
  }
  return excluded;
}

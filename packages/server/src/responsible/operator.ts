/**
 * The operator's view of responsible gaming (served at GET /api/security/responsible, behind the
 * operator's bearer token): every player with a limit, a pending change, a session limit or a running
 * cool-off or self-exclusion, newest change first.
 */
import { formatUnits } from "@casino/protocol";
import type { ResponsibleEntry } from "@casino/protocol/schemas/responsible";
import type { CasinoServices } from "../services.ts";
import { applyDueChanges, parseState } from "./state.ts";
import { responsibleDb } from "./store.ts";

/** How many players the list shows at most. */
const LIST_SIZE = 200;

/** The players the operator sees, with their active settings. */
export async function listResponsiblePlayers(services: CasinoServices): Promise<ResponsibleEntry[]> {
  const now = services.now();
  const rows = await responsibleDb(services.handle.db)
    .selectFrom("responsible_gaming")
    .innerJoin("users", "users.id", "responsible_gaming.user_id")
    .select([
      "users.id",
      "users.wallet_address",
      "users.username",
      "responsible_gaming.state",
      "responsible_gaming.updated_at",
    ])
    .where("responsible_gaming.listed_until", ">", now)
    .orderBy("responsible_gaming.updated_at", "desc")
    .limit(LIST_SIZE)
    .execute();
  return rows.map((row) => {
    const state = applyDueChanges(parseState(row.state), now);
    const exclusion = state.exclusion && state.exclusion.until > now ? state.exclusion : null;
    return {
      userId: row.id,
      walletAddress: row.wallet_address,
      username: row.username,
      limits: Object.entries(state.limits).map(([key, amount]) => ({ key, amount: formatUnits(amount) })),
      pending: Object.entries(state.pending).map(([key, change]) => ({
        key,
        amount:
          change.amount === null
            ? null
            : key === "session"
              ? String(change.amount)
              : formatUnits(change.amount),
        effectiveAt: new Date(change.at).toISOString(),
      })),
      sessionMinutes: state.sessionMinutes,
      exclusion: exclusion ? { kind: exclusion.kind, until: new Date(exclusion.until).toISOString() } : null,
      updatedAt: new Date(Number(row.updated_at)).toISOString(),
    };
  });
}

/**
 * The tournament header of a Sit & Go hand's history: the tournament, its buy-in and fee in coins,
 * and the blind level the hand was dealt at (blinds are unique per level, so the stored big blind
 * names it exactly).
 */
import { formatUnits } from "@casino/protocol";
import type { HistoryTournament } from "@casino/protocol/poker/history";
import { BLIND_SCHEDULE, findBlindLevel } from "@casino/protocol/poker/tournament/blinds";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { findTournamentByTable } from "./store.ts";

/** The header facts of a hand played at `tableId`, or undefined at a cash table. */
export async function findHistoryTournament(
  db: Kysely<Database>,
  hand: { tableId: string; bigBlind: number; startedAt: number },
): Promise<{ tournament: HistoryTournament; maxPlayers: number } | undefined> {
  const t = await findTournamentByTable(db, hand.tableId);
  if (!t) return undefined;
  const level =
    BLIND_SCHEDULE.find((l) => l.bigBlind === hand.bigBlind)?.level ??
    findBlindLevel(hand.startedAt - (t.started_at ?? hand.startedAt), t.level_ms).level;
  return {
    maxPlayers: t.max_players,
    tournament: {
      id: t.id,
      buyIn: formatUnits(t.buy_in),
      fee: formatUnits(t.fee),
      currency: t.currency,
      level,
    },
  };
}

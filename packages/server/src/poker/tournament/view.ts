/**
 * What the lobby and the REST routes show of a tournament: status, players (with places and
 * prizes once out), the prize pool and payouts, and the blind level in force. Money as decimal
 * strings in coins (DESIGN.md section 2).
 */
import { formatUnits } from "@casino/protocol";
import { findBlindLevel, findNextLevelAt } from "@casino/protocol/poker/tournament/blinds";
import { splitPrizePool } from "@casino/protocol/poker/tournament/payouts";
import type { TournamentView } from "@casino/protocol/schemas/tournament";
import type { Entry, Tournament } from "./store.ts";

/** A tournament as the lobby shows it. */
export function viewTournament(t: Tournament, entries: readonly Entry[], now: number): TournamentView {
  const elapsed = t.started_at === null ? 0 : (t.finished_at ?? now) - t.started_at;
  const level = findBlindLevel(elapsed, t.level_ms);
  const next = t.status === "running" ? findNextLevelAt(elapsed, t.level_ms) : null;
  const pool = t.buy_in * (t.status === "registering" ? t.max_players : entries.length);
  return {
    id: t.id,
    definitionId: t.definition_id,
    name: t.name,
    currency: t.currency,
    maxPlayers: t.max_players,
    buyIn: formatUnits(t.buy_in),
    fee: formatUnits(t.fee),
    startingStack: t.starting_stack,
    status: t.status,
    registeredCount: entries.length,
    players: entries.map((e) => ({
      name: e.display_name,
      userId: e.user_id,
      isBot: e.user_id === null,
      stack: e.stack,
      place: e.place,
      prize: e.prize === null ? null : formatUnits(e.prize),
    })),
    prizePool: formatUnits(t.buy_in * entries.length),
    payouts: splitPrizePool(pool, t.max_players).map(formatUnits),
    level: level.level,
    smallBlind: level.smallBlind,
    bigBlind: level.bigBlind,
    ante: level.ante,
    levelMs: t.level_ms,
    nextLevelAt: next === null || t.started_at === null ? null : t.started_at + next,
    tableId: t.status === "registering" ? null : t.table_id,
    handCount: t.hand_count,
    startedAt: t.started_at,
    finishedAt: t.finished_at,
  };
}

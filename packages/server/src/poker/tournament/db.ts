/**
 * The Sit & Go rows: one per tournament (its definition copied, its status and clock), one per
 * entry (registration, seat, stack at the last hand's end, bust and place), one per prize paid
 * (keyed by tournament and finishing position, so a prize is never paid twice).
 */
import type { Currency } from "@casino/protocol";
import type { TournamentStatus } from "@casino/protocol/poker/tournament/registration";
import { featureDb } from "../../db/feature-tables.ts";

/** A tournament row. */
export interface TournamentsTable {
  id: string;
  definition_id: string;
  name: string;
  currency: Currency;
  max_players: number;
  buy_in: number;
  fee: number;
  starting_stack: number;
  level_ms: number;
  bot_fill_ms: number | null;
  status: TournamentStatus;
  table_id: string;
  hand_count: number;
  created_at: number;
  first_registered_at: number | null;
  started_at: number | null;
  finished_at: number | null;
  /** The process hosting the running tournament's table (its lease), or null. */
  host_owner: string | null;
  host_expires_at: number | null;
  /** Counts the host leases taken; a settlement writes only under the token its host took. */
  host_token: number;
}

/** An entry row: a registered player (a user, or a House bot paid by the house). */
export interface TournamentEntriesTable {
  tournament_id: string;
  player_id: string;
  user_id: string | null;
  display_name: string;
  client_seed: string;
  registered_at: number;
  seat: number | null;
  stack: number;
  bust_hand: number | null;
  bust_stack: number | null;
  place: number | null;
  prize: number | null;
}

/** A prize paid: the primary key (tournament, position) makes a second payment impossible. */
export interface TournamentPayoutsTable {
  tournament_id: string;
  position: number;
  player_id: string;
  place: number;
  amount: number;
  paid_at: number;
}

/** The tournament tables. */
export type TournamentTables = {
  tournaments: TournamentsTable;
  tournament_entries: TournamentEntriesTable;
  tournament_payouts: TournamentPayoutsTable;
};

/** The same connection or transaction, typed with the tournament tables. */
export const tournamentDb = featureDb<TournamentTables>();

/**
 * The poker tables of the database as kysely sees them (created by the "0100_poker" migration).
 * Chips are whole chips; `units_per_chip` converts them to the currency's micro-units; times are
 * epoch milliseconds. The casino's Database type is extended here so poker code stays in its folder.
 */
import type { Currency } from "@casino/protocol";
import type { Generated } from "kysely";
import { type FeatureDb, featureDb } from "../db/feature-tables.ts";

/** A table, seeded or opened when the tables of its kind were full; leased by the process hosting it. */
export interface PokerTablesTable {
  id: string;
  name: string;
  kind: string; // catalogue template, e.g. "house", "amina_micro"
  currency: Currency;
  small_blind: number;
  big_blind: number;
  buy_in_min: number; // chips
  buy_in_max: number; // chips
  max_players: number;
  units_per_chip: number; // micro-units of the currency per chip
  has_bots: number; // 1 on House tables
  seeded: number; // 1 for the catalogue's tables, 0 for tables opened when full
  sort_order: number;
  hand_count: number;
  created_at: number;
  lease_owner: string | null; // the process hosting the table
  lease_expires_at: number | null;
}

/** A seat and its stack as of the last settled point (buy-in or end of the last hand). */
export interface PokerSeatsTable {
  table_id: string;
  seat: number;
  player_id: string; // user id, or "bot:..." for bots
  user_id: string | null; // null for bots (funded by the house)
  display_name: string;
  stack: number; // chips
  client_seed: string;
  joined_at: number;
}

/** A hand: live while played, then ended with its log and revealed seed, or voided by recovery. */
export interface PokerHandsTable {
  id: Generated<number>;
  table_id: string;
  hand_number: number;
  status: "live" | "ended" | "voided";
  currency: Currency;
  units_per_chip: number;
  small_blind: number;
  big_blind: number;
  hand_seed: string; // secret while live
  deck_hash: string;
  client_seeds: string; // JSON string[] in seat order
  players: string; // JSON [{seat, playerId, name, stack, isBot}]
  events: string | null; // JSON TableEvent[] of the whole hand
  board: string | null; // JSON card indexes
  results: string | null; // JSON PotShare[][]
  rake: number; // chips
  started_at: number;
  ended_at: number | null;
}

/** Who played a hand, for "my hands" and the history download. */
export interface PokerHandPlayersTable {
  hand_id: number;
  seat: number;
  player_id: string;
  start_stack: number;
  end_stack: number | null;
}

/** The poker tables by name. */
export type PokerTables = {
  poker_tables: PokerTablesTable;
  poker_seats: PokerSeatsTable;
  poker_hands: PokerHandsTable;
  poker_hand_players: PokerHandPlayersTable;
};

/** A Kysely that knows the casino's tables and poker's. */
export type PokerDb = FeatureDb<PokerTables>;

/** The same connection or transaction, typed with the poker tables. */
export const pokerDb = featureDb<PokerTables>();

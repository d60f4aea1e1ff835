/**
 * The chat's tables as kysely sees them (created by the "0560_floor_chat" migration); times are
 * epoch milliseconds. The casino's Database type is extended here so chat code stays in its folder.
 */
import { type FeatureDb, featureDb } from "../../db/feature-tables.ts";

/** One posted message (cleaned and masked text), deleted once older than the retention window. */
export interface ChatMessagesTable {
  id: string;
  channel: string;
  user_id: string;
  username: string;
  body: string;
  created_at: number;
}

/** A player's chat sanction: muted until a time, or banned (1) until the operator lifts it. */
export interface ChatSanctionsTable {
  user_id: string;
  username: string;
  muted_until: number | null;
  banned: number;
  updated_at: number;
}

/** The chat's tables. */
export type ChatTables = {
  chat_messages: ChatMessagesTable;
  chat_sanctions: ChatSanctionsTable;
};

/** The database with the chat's tables. */
export type ChatDb = FeatureDb<ChatTables>;

/** The casino's database seen with the chat's tables. */
export const chatDb = featureDb<ChatTables>();

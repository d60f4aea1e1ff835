/**
 * The chat's storage: messages (written once, read as a channel's latest, deleted after the
 * retention window in small batches) and sanctions (one row per sanctioned player).
 */
import type { ChatMessage, ChatModeratedMessage, ChatSanction } from "@casino/protocol/schemas/chat";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type ChatSanctionsTable, chatDb } from "./db.ts";

/** Stores a message. */
export async function insertChatMessage(
  db: Kysely<Database>,
  message: ChatMessage & { userId: string },
): Promise<void> {
  await chatDb(db)
    .insertInto("chat_messages")
    .values({
      id: message.id,
      channel: message.channel,
      user_id: message.userId,
      username: message.username,
      body: message.text,
      created_at: message.at,
    })
    .execute();
}

/** A channel's latest messages for the operator: with each author's user id, oldest first. */
export async function listModeratedMessages(
  db: Kysely<Database>,
  channel: string,
  options: { limit: number; since: number },
): Promise<ChatModeratedMessage[]> {
  const rows = await chatDb(db)
    .selectFrom("chat_messages")
    .select(["id", "channel", "user_id", "username", "body", "created_at"])
    .where("channel", "=", channel)
    .where("created_at", ">=", options.since)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit)
    .execute();
  return rows.reverse().map((r) => ({
    id: r.id,
    channel: r.channel,
    userId: r.user_id,
    username: r.username,
    text: r.body,
    at: Number(r.created_at),
  }));
}

/** A channel's latest messages posted at or after `since`, oldest first. */
export async function listChatMessages(
  db: Kysely<Database>,
  channel: string,
  options: { limit: number; since: number },
): Promise<ChatMessage[]> {
  const messages = await listModeratedMessages(db, channel, options);
  return messages.map(({ userId: _userId, ...message }) => message);
}

/**
 * Deletes messages posted before `before`, one short statement per batch (the event loop free
 * between them); resolves how many went.
 */
export async function pruneChatMessages(
  db: Kysely<Database>,
  before: number,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const chat = chatDb(db);
  const batchSize = options.batchSize ?? 500;
  let removed = 0;
  for (let batch = 0; batch < (options.maxBatches ?? 1000); batch++) {
    const result = await chat
      .deleteFrom("chat_messages")
      .where("id", "in", (eb) =>
        eb.selectFrom("chat_messages").select("id").where("created_at", "<", before).limit(batchSize),
      )
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    removed += deleted;
    if (deleted < batchSize) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return removed;
}

/** A sanction row as the rest of the chat reads it. */
function viewSanction(row: ChatSanctionsTable): ChatSanction & { userId: string } {
  return {
    userId: row.user_id,
    username: row.username,
    mutedUntil: row.muted_until === null ? null : Number(row.muted_until),
    banned: Number(row.banned) === 1,
    updatedAt: Number(row.updated_at),
  };
}

/** A player's sanction, if any. */
export async function findChatSanction(
  db: Kysely<Database>,
  userId: string,
): Promise<(ChatSanction & { userId: string }) | undefined> {
  const row = await chatDb(db)
    .selectFrom("chat_sanctions")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? viewSanction(row) : undefined;
}

/** Sanctions still in force at `now` (a ban, or a mute not yet over), newest first. */
export async function listChatSanctions(db: Kysely<Database>, now: number): Promise<ChatSanction[]> {
  const rows = await chatDb(db)
    .selectFrom("chat_sanctions")
    .selectAll()
    .where((eb) => eb.or([eb("banned", "=", 1), eb("muted_until", ">", now)]))
    .orderBy("updated_at", "desc")
    .limit(200)
    .execute();
  return rows.map(viewSanction);
}

/** Writes a player's sanction (a mute end, a ban flag, or both cleared). */
export async function saveChatSanction(
  db: Kysely<Database>,
  sanction: { userId: string; username: string; mutedUntil: number | null; banned: boolean; now: number },
): Promise<void> {
  const values = {
    username: sanction.username,
    muted_until: sanction.mutedUntil,
    banned: sanction.banned ? 1 : 0,
    updated_at: sanction.now,
  };
  await chatDb(db)
    .insertInto("chat_sanctions")
    .values({ user_id: sanction.userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

/** The username of a user (what the chat shows instead of the wallet). */
export async function findUsername(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
  return row?.username;
}

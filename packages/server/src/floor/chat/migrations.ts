/**
 * The chat's tables ("0560_floor_chat"): messages (kept for CHAT_LIMITS.retentionMs, then pruned)
 * and the operator's sanctions (mute until a time, ban until lifted). Composed in src/migrations.ts.
 */
import { schemaMigration, table } from "../../db/tables.ts";

/** The migration creating the chat tables on either dialect. */
export const chatMigration = schemaMigration(
  table(
    "chat_messages",
    {
      id: "text primary key",
      channel: "text",
      user_id: "text",
      username: "text",
      body: "text",
      created_at: "bigint",
    },
    {
      indexes: {
        chat_messages_channel_created: ["channel", "created_at"],
        chat_messages_created: ["created_at"],
      },
    },
  ),
  table("chat_sanctions", {
    user_id: "text primary key",
    username: "text",
    muted_until: "bigint null",
    banned: ["integer", (c) => c.notNull().defaultTo(0)],
    updated_at: "bigint",
  }),
);

/**
 * The chat's tables ("0560_floor_chat"): messages (kept for CHAT_LIMITS.retentionMs, then pruned)
 * and the operator's sanctions (mute until a time, ban until lifted). Registered in db/migrations.ts.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../../db/connect.ts";
import { bigintOf, createIndexOn, createTableOf } from "../../db/tables.ts";

/** The migration creating the chat tables on either dialect. */
export function chatMigration(dialect: Dialect): Migration {
  const time = bigintOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await createTableOf(db, "chat_messages", {
        id: ["text", "primary"],
        channel: "text",
        user_id: "text",
        username: "text",
        body: "text",
        created_at: time,
      });
      await createIndexOn(db, "chat_messages_channel_created", "chat_messages", ["channel", "created_at"]);
      await createIndexOn(db, "chat_messages_created", "chat_messages", ["created_at"]);

      await createTableOf(db, "chat_sanctions", {
        user_id: ["text", "primary"],
        username: "text",
        muted_until: [time, "null"],
        banned: ["integer", (c) => c.notNull().defaultTo(0)],
        updated_at: time,
      });
    },
  };
}

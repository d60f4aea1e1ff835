/**
 * The `chat` room: one per channel (filterBy channel; "casino", or "table:<tableId>" for a poker
 * table's readers, who are the table's seated players and spectators: anyone with a session may
 * watch a table). Joining needs a session and no ban; the joiner gets the channel's history, then
 * every message posted to the channel in any room of any process (the chat bus).
 *
 * Messages (zod-validated): post {text}. A refused post (muted, banned, too long, too fast, empty)
 * is answered "error" {action, code, message, until?}; a malformed message is answered "error"
 * input/invalid, recorded, and drops the client; nothing is stored or sent for either. A player
 * the operator bans is closed with CHAT_BANNED_CLOSE_CODE.
 */
import {
  CHAT_BANNED_CLOSE_CODE,
  CHAT_BANNED_JOIN_CODE,
  CHAT_ROOM,
  type ChatFailure,
  type ChatHistory,
  chatFailure,
  chatJoinOptionsSchema,
  chatPostSchema,
} from "@casino/protocol/schemas/chat";
import { type AuthContext, type Client, ErrorCode, Room, ServerError } from "@colyseus/core";
import type { AppServices } from "../../app-services.ts";
import type { ChatEvent } from "../../floor/chat/bus.ts";
import { findUsername } from "../../floor/chat/store.ts";
import { describeIssue } from "../../replies.ts";
import { dropMalformedSender } from "../malformed-message.ts";
import { onParsedMessage } from "../poker/parsed-message.ts";
import { createRoomAuthenticator, type RoomAuth } from "../room-auth.ts";
import { guardRoomSessions, type RoomSessionGuard } from "../session-guard.ts";

/** What a chat client is known by: its session and the username the chat shows. */
export interface ChatAuth extends RoomAuth {
  username: string;
}

/** Readers of one channel per room; more open another room of the same channel (the bus joins them). */
export const CHAT_ROOM_MAX_CLIENTS = 500;

/** The answer of a refused post, as the sender hears it. */
function refusalBody(failure: ChatFailure) {
  return {
    action: "post",
    ok: false as const,
    code: failure.code,
    message: failure.message,
    ...(failure.until === undefined ? {} : { until: failure.until }),
  };
}

/** Creates the chat room class bound to the casino's services. */
export function createChatRoom(services: AppServices) {
  const authenticate = createRoomAuthenticator(services, CHAT_ROOM);

  return class ChatRoom extends Room {
    override maxMessagesPerSecond = 10;
    override maxClients = CHAT_ROOM_MAX_CLIENTS;
    private channel = "";
    private unsubscribe: (() => void) | undefined;
    private sessions: RoomSessionGuard | undefined;

    /** A session, a valid channel and no ban; the client carries its username from here on. */
    static override async onAuth(token: string, options: unknown, context: AuthContext) {
      const auth = await authenticate(token, context);
      if (!auth) return false;
      const parsed = chatJoinOptionsSchema.safeParse(options);
      if (!parsed.success)
        throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, describeIssue(parsed.error));
      const refusal = await services.chat.checkAccess(auth.userId, parsed.data.channel);
      if (refusal)
        throw new ServerError(
          refusal.code === "chat/banned" ? CHAT_BANNED_JOIN_CODE : ErrorCode.MATCHMAKE_INVALID_CRITERIA,
          refusal.message,
        );
      const username = (await findUsername(services.handle.db, auth.userId)) ?? "unknown";
      return { ...auth, username } satisfies ChatAuth;
    }

    override onCreate(options: { channel?: unknown }) {
      const parsed = chatJoinOptionsSchema.safeParse(options);
      if (!parsed.success) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, "channel is required");
      this.channel = parsed.data.channel;
      this.sessions = guardRoomSessions(this, services);
      this.unsubscribe = services.chat.bus.subscribe((event) => this.deliver(event));
      onParsedMessage(this, "post", chatPostSchema, async (client, parsed) => {
        if (this.sessions && !(await this.sessions.admit(client, "post"))) return undefined;
        if (!parsed.success) return this.dropMalformed(client, "post", describeIssue(parsed.error));
        const auth = client.auth as ChatAuth;
        const posted = await services.chat.post(auth, this.channel, parsed.data.text);
        if (posted.ok) return { action: "post", ok: true, id: posted.message.id };
        const body = refusalBody(posted);
        client.send("error", body);
        return body;
      });
      this.onMessage("*", (client: Client, type: string | number) => {
        this.dropMalformed(client, String(type), `unknown message type ${String(type).slice(0, 40)}`);
      });
    }

    override async onJoin(client: Client) {
      await this.sessions?.requireLive(client);
      const messages = await services.chat.history(this.channel);
      client.send("history", { channel: this.channel, messages } satisfies ChatHistory);
    }

    override onDispose() {
      this.unsubscribe?.();
      this.sessions?.dispose();
    }

    /** Hands a bus event to this room: a message of its channel to every client, a ban closes the player. */
    private deliver(event: ChatEvent) {
      if (event.kind === "message") {
        if (event.message.channel === this.channel) this.broadcast("message", event.message);
        return;
      }
      if (!event.banned) return;
      for (const client of this.clients) {
        if ((client.auth as ChatAuth | undefined)?.userId !== event.userId) continue;
        client.send("error", { ...refusalBody(chatFailure("chat/banned")), action: "ban" });
        client.leave(CHAT_BANNED_CLOSE_CODE, "banned from the chat");
      }
    }

    /** Answers a malformed message, records it, and drops the client. */
    private dropMalformed(client: Client, type: string, details: string) {
      const auth = client.auth as ChatAuth | undefined;
      const record = { room: CHAT_ROOM, type, player: auth?.username, details };
      const answer = { action: type, ok: false as const, code: "input/invalid", message: details };
      return dropMalformedSender(services, client, record, answer);
    }
  };
}

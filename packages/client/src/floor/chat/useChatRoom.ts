/**
 * One chat channel over the `chat` room: joins with the session cookie while a wallet is
 * connected, shows the channel's history then every new message, and posts text. Refusals
 * (muted, too fast, too long) arrive as "error" messages and become the panel's notice; a ban
 * ends the connection for good, any other loss rejoins after a short wait.
 */
import {
  CHAT_ROOM,
  type ChatHistory,
  type ChatMessage,
  chatHistorySchema,
  chatMessageSchema,
} from "@casino/protocol/schemas/chat";
import { roomErrorMessageSchema } from "@casino/protocol/schemas/room-replies";
import type { Room } from "@colyseus/sdk";
import { useCallback, useEffect, useRef, useState } from "react";
import { openRoomSession } from "../../api/roomSession.ts";
import { appendMessages, BANNED_TEXT, isBanCode } from "./chatLog.ts";

/** Wait before joining again after the room was lost. */
const REJOIN_DELAY_MS = 3000;

/** Where the channel's connection stands. */
export type ChatStatus = "offline" | "connecting" | "live" | "banned" | "unavailable";

/** What the chat panel gets from its room. */
export interface ChatRoomHandle {
  status: ChatStatus;
  messages: ChatMessage[];
  /** The last refusal or connection problem, for the player to read. */
  notice: string | null;
  /** Posts a message (its echo from the server confirms it); false when not connected. */
  post(text: string): boolean;
}

/** Joins `channel` while `enabled` (a connected wallet) and keeps its messages. */
export function useChatRoom(channel: string, enabled: boolean): ChatRoomHandle {
  const [status, setStatus] = useState<ChatStatus>("offline");
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const roomRef = useRef<Room | null>(null);

  useEffect(() => {
    if (!enabled) {
      setStatus("offline");
      return;
    }
    const session = openRoomSession(roomRef);
    const attach = (room: Room) => {
      room.onMessage("history", (raw: unknown) => {
        const history = chatHistorySchema.safeParse(raw);
        if (history.success)
          setMessages((shown) => appendMessages(shown, (history.data as ChatHistory).messages));
      });
      room.onMessage("message", (raw: unknown) => {
        const message = chatMessageSchema.safeParse(raw);
        if (message.success) setMessages((shown) => appendMessages(shown, [message.data]));
      });
      room.onMessage("error", (raw: unknown) => {
        const refusal = roomErrorMessageSchema.safeParse(raw);
        if (refusal.success) setNotice(refusal.data.message);
      });
      room.onLeave((code?: number) => {
        if (!session.release(room)) return;
        if (isBanCode(code)) {
          setNotice(BANNED_TEXT);
          setStatus("banned");
          return;
        }
        setStatus("connecting");
        session.retryIn(REJOIN_DELAY_MS, () => void connect());
      });
      setStatus("live");
    };
    const connect = async () => {
      setStatus((current) => (current === "live" ? current : "connecting"));
      try {
        // The SDK loads on first use, so it stays out of the lobby's first scripts.
        const { VersionedClient } = await import("@casino/sdk/versioned-client");
        const room = await new VersionedClient(window.location.origin).joinOrCreate(CHAT_ROOM, { channel });
        if (!session.adopt(room)) return;
        setNotice(null);
        attach(room);
      } catch (error) {
        if (session.disposed) return;
        const code = (error as { code?: unknown } | null)?.code;
        if (isBanCode(code)) {
          setNotice(BANNED_TEXT);
          setStatus("banned");
          return;
        }
        setNotice(error instanceof Error ? error.message : "The chat is unavailable");
        setStatus("unavailable");
        session.retryIn(REJOIN_DELAY_MS, () => void connect());
      }
    };
    setMessages([]);
    void connect();
    return session.dispose;
  }, [channel, enabled]);

  const post = useCallback((text: string) => {
    const room = roomRef.current;
    if (!room?.connection.isOpen) return false;
    setNotice(null);
    room.send("post", { text });
    return true;
  }, []);

  return { status, messages, notice, post };
}

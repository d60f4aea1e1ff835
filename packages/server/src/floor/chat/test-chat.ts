/** Helpers for chat room tests: players joined to a channel with real @colyseus/sdk clients. */
import { CHAT_ROOM, type ChatHistory, type ChatMessage } from "@casino/protocol/schemas/chat";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { connectDemoClient } from "../../http/test-helpers.ts";

/** A player in a chat channel: its username, the messages and errors it heard, its room. */
export interface ChatPlayer {
  userId: string;
  username: string;
  walletAddress: string;
  token: string;
  room: Room;
  history: ChatHistory;
  heard: ChatMessage[];
  errors: { action: string; code: string; message: string; until?: number }[];
}

/** Waits until `check` passes, polling every few milliseconds. */
export async function waitUntil(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Joins a channel with a session token; resolves once the channel's history arrived. `create`
 * opens a new room of the channel on the process asked, even when another process has one.
 */
export async function joinChat(
  url: string,
  token: string,
  channel: string,
  how: "joinOrCreate" | "create" = "joinOrCreate",
): Promise<Omit<ChatPlayer, "userId" | "username" | "walletAddress" | "token">> {
  const sdk = new VersionedClient(url);
  sdk.auth.token = token;
  const room = await sdk[how](CHAT_ROOM, { channel });
  const joined = {
    room,
    history: undefined as ChatHistory | undefined,
    heard: [] as ChatMessage[],
    errors: [] as ChatPlayer["errors"],
  };
  room.onMessage("history", (history: ChatHistory) => {
    joined.history = history;
  });
  room.onMessage("message", (message: ChatMessage) => joined.heard.push(message));
  room.onMessage("error", (error: ChatPlayer["errors"][number]) => joined.errors.push(error));
  await waitUntil(() => joined.history !== undefined, "the chat history");
  return joined as Omit<ChatPlayer, "userId" | "username" | "walletAddress" | "token">;
}

/** A new demo player joined to a channel. */
export async function joinNewPlayer(url: string, channel: string): Promise<ChatPlayer> {
  const { client, user, address } = await connectDemoClient(url);
  const username = (user as { username?: string }).username ?? "";
  const token = client.token ?? "";
  return {
    userId: user.id,
    username,
    walletAddress: address,
    token,
    ...(await joinChat(url, token, channel)),
  };
}

/** Leaves a room if it is still open. */
export async function leaveChat(player: ChatPlayer): Promise<void> {
  if (player.room.connection.isOpen) await player.room.leave().catch(() => undefined);
}

/**
 * How chat events reach every chat room of the cluster: a posted message, and a sanction (a ban
 * closes the player's connections, wherever they are). Alone, a process hands them to its own
 * rooms; scaled out, they go through a Redis pub/sub channel (the Colyseus presence) and every
 * process, the publisher included, hands them to its rooms.
 */
import type { ChatMessage } from "@casino/protocol/schemas/chat";
import type { Presence } from "@colyseus/core";
import { openPresenceChannel } from "../presence-channel.ts";

/** One event on the bus. */
export type ChatEvent =
  | { kind: "message"; message: ChatMessage }
  | { kind: "sanction"; userId: string; banned: boolean; mutedUntil: number | null };

/** A listener of every chat event of this process. */
export type ChatListener = (event: ChatEvent) => void;

/** The chat's fan-out. */
export interface ChatBus {
  publish(event: ChatEvent): void;
  /** Returns the unsubscribe. */
  subscribe(listener: ChatListener): () => void;
  /** Listens to the shared channel (scaled out); events published before are delivered here only. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The bus of a process alone. */
export function createLocalChatBus(): ChatBus {
  const listeners = new Set<ChatListener>();
  return {
    publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: async () => undefined,
    stop: async () => undefined,
  };
}

/** The bus of a cluster, over the presence's pub/sub `channel`. */
export function createSharedChatBus(presence: Presence, channel: string): ChatBus {
  const local = createLocalChatBus();
  const shared = openPresenceChannel<ChatEvent>(presence, channel, (event) => local.publish(event));
  return {
    publish: (event) => shared.publish(event),
    subscribe: (listener) => local.subscribe(listener),
    start: () => shared.start(),
    stop: () => shared.stop(),
  };
}

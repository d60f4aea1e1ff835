/**
 * How a process's flushed batch reaches every process's feed: straight back to itself when alone,
 * over a presence channel (Redis pub/sub) when scaled out, one message per batch. A batch that
 * cannot be published is still delivered here, so this process's viewers never miss it.
 */
import type { Presence } from "@colyseus/core";
import { openPresenceChannel } from "../presence-channel.ts";
import type { FeedEntry } from "./feed-entry.ts";

/** One flush of one process. */
export interface FeedBatch {
  entries: FeedEntry[];
  /** Players who changed their privacy (the rows every process keeps follow). */
  privacy?: { userId: string; hidden: boolean }[];
  /** Players whose play state changed (a pause started or ended): their open pages are told. */
  players?: string[];
}

/** The transport of batches between processes. */
export interface FeedBus {
  publish(batch: FeedBatch): void;
  /** Starts delivering every process's batches (this one's included) to `deliver`. */
  start(deliver: (batch: FeedBatch) => void): Promise<void>;
  stop(): Promise<void>;
}

/** A process alone: batches go straight to its own feed. */
export function createLocalFeedBus(): FeedBus {
  let deliver: ((batch: FeedBatch) => void) | undefined;
  return {
    publish: (batch) => deliver?.(batch),
    async start(listener) {
      deliver = listener;
    },
    async stop() {
      deliver = undefined;
    },
  };
}

/** Batches over a presence channel shared by the processes of a cluster. */
export function createPresenceFeedBus(presence: Presence, channel: string): FeedBus {
  let deliver: ((batch: FeedBatch) => void) | undefined;
  const shared = openPresenceChannel<FeedBatch>(presence, channel, (batch) => deliver?.(batch));
  return {
    publish: (batch) => shared.publish(batch),
    async start(onBatch) {
      deliver = onBatch;
      await shared.start();
    },
    async stop() {
      deliver = undefined;
      await shared.stop();
    },
  };
}

/**
 * Settlement notices across processes: the abandoned-round settler of any process may settle a
 * round whose player's game room lives in another. Notices are published on a presence channel and
 * every process (the publisher included) hands them to its own rooms' listeners.
 */
import type { Presence } from "@colyseus/core";
import { openPresenceChannel } from "../floor/presence-channel.ts";
import { createRoundEvents, type RoundEvents, type RoundSettledNotice } from "../games/round-events.ts";

/** One notice on the channel. */
interface Published {
  userId: string;
  notice: RoundSettledNotice;
}

/** Round events shared by the processes of a cluster. */
export interface SharedRoundEvents extends RoundEvents {
  /** Listens to the channel; notices published before are delivered in this process only. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Creates the shared notices over the presence. */
export function createSharedRoundEvents(presence: Presence, channel: string): SharedRoundEvents {
  const local = createRoundEvents();
  const shared = openPresenceChannel<Published>(presence, channel, (message) =>
    local.publish(message.userId, message.notice),
  );
  return {
    subscribe: (userId, listener) => local.subscribe(userId, listener),
    publish: (userId, notice) => shared.publish({ userId, notice }),
    start: () => shared.start(),
    stop: () => shared.stop(),
  };
}

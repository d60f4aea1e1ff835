/**
 * Session revocations across processes: a session ended on one process (logout, replacement) is
 * published on a presence channel, and every other process drops it from its session cache and
 * closes its room clients at once (auth/revocation.ts), instead of honouring it until its cache
 * entry expires.
 */
import type { Presence } from "@colyseus/core";
import type { RevocationMessage, SessionRevocations } from "../auth/revocation.ts";

/** The cluster channel of a casino's revocations. */
export interface SharedRevocations {
  /** Listens to the channel and sends this process's revocations through it. */
  start(revocations: SessionRevocations): Promise<void>;
  stop(): Promise<void>;
}

/** Creates the channel over the presence (Redis pub/sub when scaled out). */
export function createSharedRevocations(presence: Presence, channel: string): SharedRevocations {
  let attached: SessionRevocations | undefined;
  const deliver = (message: RevocationMessage) => {
    if (attached && message && typeof message === "object") attached.receive(message);
  };
  return {
    async start(revocations) {
      attached = revocations;
      await presence.subscribe(channel, deliver);
      revocations.connect({
        publish: async (message) => {
          await presence.publish(channel, message);
        },
      });
    },
    async stop() {
      attached?.connect(undefined);
      await presence.unsubscribe(channel, deliver);
    },
  };
}

/**
 * A pub/sub channel of the Colyseus presence (Redis when scaled out) that every process of a cluster
 * listens to, the publisher included. Before it listens, or when a publish fails, a message is
 * delivered in this process only, so this process's own listeners never miss it.
 */
import type { Presence } from "@colyseus/core";

/** One shared channel of messages `M`. */
export interface PresenceChannel<M> {
  /** Sends to every process (or delivers here only, see above). */
  publish(message: M): void;
  /** Starts delivering every process's messages here. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Opens `channel` on the presence; `deliver` hears every message that reaches this process. */
export function openPresenceChannel<M>(
  presence: Presence,
  channel: string,
  deliver: (message: M) => void,
): PresenceChannel<M> {
  let listening = false;
  const listener = (message: M) => deliver(message);
  return {
    publish(message) {
      if (!listening) return deliver(message);
      Promise.resolve(presence.publish(channel, message)).catch(() => deliver(message));
    },
    async start() {
      await presence.subscribe(channel, listener);
      listening = true;
    },
    async stop() {
      listening = false;
      await presence.unsubscribe(channel, listener);
    },
  };
}

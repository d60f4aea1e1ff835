/**
 * Session revocations across processes: a session ended on one process (logout, replacement) is
 * published on a presence channel, and every other process drops it from its session cache and
 * closes its room clients at once (auth/revocation.ts), instead of honouring it until its cache
 * entry expires. While this process's subscription is connected, its cached sessions are trusted
 * for SESSION_CACHE_WITH_REVOCATIONS_MS instead of SESSION_CACHE_MS (fewer session look-ups on the
 * shared database); when the subscription drops, the short window applies again at once, and when
 * it comes back every cached session is forgotten (revocations sent meanwhile were not heard).
 */
import type { Presence } from "@colyseus/core";
import type { Kysely } from "kysely";
import type { RevocationMessage, SessionRevocations } from "../auth/revocation.ts";
import {
  forgetCachedSessionsOf,
  SESSION_CACHE_MS,
  SESSION_CACHE_WITH_REVOCATIONS_MS,
  setSessionTrust,
} from "../auth/sessions.ts";
import type { Database } from "../db/schema.ts";

/** How long after the subscriber reconnects before its cached sessions are trusted longer again. */
export const RESUBSCRIBE_SETTLE_MS = 1000;

/** The cluster channel of a casino's revocations. */
export interface SharedRevocations {
  /**
   * Listens to the channel and sends this process's revocations through it; with `db`, the
   * sessions cached for that casino are trusted longer while the subscription is connected.
   */
  start(revocations: SessionRevocations, db?: Kysely<Database>): Promise<void>;
  stop(): Promise<void>;
}

/** The subscriber connection's events, where the presence has one (RedisPresence's ioredis client). */
interface SubscriberConnection {
  status: string;
  on(event: "ready" | "close", listener: () => void): unknown;
  off(event: "ready" | "close", listener: () => void): unknown;
}

function subscriberOf(presence: Presence): SubscriberConnection | undefined {
  const sub = (presence as unknown as { sub?: Partial<SubscriberConnection> }).sub;
  return typeof sub?.on === "function" && typeof sub.off === "function" && typeof sub.status === "string"
    ? (sub as SubscriberConnection)
    : undefined;
}

/** Creates the channel over the presence (Redis pub/sub when scaled out). */
export function createSharedRevocations(presence: Presence, channel: string): SharedRevocations {
  let attached: SessionRevocations | undefined;
  let untrust: (() => void) | undefined;
  const deliver = (message: RevocationMessage) => {
    if (attached && message && typeof message === "object") attached.receive(message);
  };

  /** Trusts the casino's cached sessions longer while the subscriber is connected; returns the undo. */
  const trustWhileSubscribed = (db: Kysely<Database>): (() => void) | undefined => {
    const sub = subscriberOf(presence);
    if (!sub) return undefined;
    let subscribed = sub.status === "ready";
    let settling: NodeJS.Timeout | undefined;
    const onClose = () => {
      subscribed = false;
      clearTimeout(settling);
    };
    // ioredis reports "ready" before it has subscribed again: the long window returns once that
    // had time to happen, and only for sessions looked up from then on.
    const onReady = () => {
      forgetCachedSessionsOf(db);
      clearTimeout(settling);
      settling = setTimeout(() => {
        forgetCachedSessionsOf(db);
        subscribed = sub.status === "ready";
      }, RESUBSCRIBE_SETTLE_MS);
      settling.unref();
    };
    sub.on("close", onClose);
    sub.on("ready", onReady);
    setSessionTrust(db, () => (subscribed ? SESSION_CACHE_WITH_REVOCATIONS_MS : SESSION_CACHE_MS));
    return () => {
      clearTimeout(settling);
      sub.off("close", onClose);
      sub.off("ready", onReady);
      setSessionTrust(db, undefined);
    };
  };

  return {
    async start(revocations, db) {
      attached = revocations;
      await presence.subscribe(channel, deliver);
      revocations.connect({
        publish: async (message) => {
          await presence.publish(channel, message);
        },
      });
      if (db) untrust = trustWhileSubscribed(db);
    },
    async stop() {
      untrust?.();
      untrust = undefined;
      attached?.connect(undefined);
      await presence.unsubscribe(channel, deliver);
    },
  };
}

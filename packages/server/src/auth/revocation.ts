/**
 * Ending a session everywhere. DELETE /api/session and a POST /api/users that replaces the
 * browser's session revoke the old token through services.revocations: every process drops it from
 * its session cache and marks it ended, and every room closes that session's clients with
 * SESSION_ENDED_CLOSE_CODE and cancels their seat reservations (no reconnection). When scaled out the revocation is published on a
 * Redis channel (scale/shared-revocations.ts) before the request is answered.
 */
import { randomUUID } from "node:crypto";
import { CLOSE_REASONS, SESSION_ENDED_CLOSE_CODE } from "@casino/protocol";
import type { Logger } from "../log.ts";
import { markSessionEnded } from "./sessions.ts";

/** WebSocket close code of a room client whose session ended (logout or replacement): protocol's close reason table. */
export { SESSION_ENDED_CLOSE_CODE };
/** Close reason sent with SESSION_ENDED_CLOSE_CODE. */
export const SESSION_ENDED_REASON = CLOSE_REASONS[SESSION_ENDED_CLOSE_CODE].reason;

/** Called with the token hash of every ended session (in this process or another). */
export type RevocationListener = (tokenHash: string) => void;

/** What carries revocations to the other processes of a cluster. */
export interface RevocationChannel {
  /** Publishes a revocation (resolves once the channel took it). */
  publish(message: RevocationMessage): Promise<void>;
}

/** One revocation on the channel: the ended session and the process that ended it. */
export interface RevocationMessage {
  tokenHash: string;
  origin: string;
}

/** The revocations of one casino. */
export interface SessionRevocations {
  /** Ends a session here at once and, when scaled out, in every other process. */
  revoke(tokenHash: string): Promise<void>;
  /** Applies a revocation heard on the cluster's channel (its own ones are skipped). */
  receive(message: RevocationMessage): void;
  /** Listens for ended sessions; returns the unsubscribe function. */
  subscribe(listener: RevocationListener): () => void;
  /** Sends revocations through a cluster channel from now on. */
  connect(channel: RevocationChannel | undefined): void;
}

/** Creates the revocations of one casino (one per process). */
export function createSessionRevocations(services: { log: Logger }): SessionRevocations {
  const origin = randomUUID();
  const listeners = new Set<RevocationListener>();
  let channel: RevocationChannel | undefined;
  const apply = (tokenHash: string) => {
    markSessionEnded(tokenHash);
    for (const listener of listeners) {
      try {
        listener(tokenHash);
      } catch (error) {
        services.log.error({ err: error }, "session revocation listener failed");
      }
    }
  };
  return {
    async revoke(tokenHash) {
      apply(tokenHash);
      if (!channel) return;
      try {
        await channel.publish({ tokenHash, origin });
      } catch (error) {
        // The database row is gone already: other processes refuse it once their cache entry expires.
        services.log.error({ err: error }, "session revocation could not be published");
      }
    },
    receive(message) {
      if (message.origin === origin || typeof message.tokenHash !== "string") return;
      apply(message.tokenHash);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect(next) {
      channel = next;
    },
  };
}

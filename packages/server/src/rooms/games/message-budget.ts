/**
 * A per-client budget of room messages per second. Messages over the budget are refused with an
 * answer (the room replies "room/rate_limited") instead of Colyseus' own limit, which closes the
 * socket without a word and leaves the client waiting; that hard limit stays, set higher, for floods.
 */

/** The budgets of one room's clients, by client session id. */
export interface MessageBudget {
  /** Takes one message from the client's budget of the current second: false when it is spent. */
  take(sessionId: string): boolean;
  /** Forgets a client (onLeave). */
  forget(sessionId: string): void;
}

/** Creates the budget of a room: `perSecond` messages per client in each one-second window. */
export function createMessageBudget(perSecond: number, now: () => number = Date.now): MessageBudget {
  const windows = new Map<string, { endsAt: number; used: number }>();
  return {
    take(sessionId) {
      const at = now();
      const window = windows.get(sessionId);
      if (!window || at >= window.endsAt) {
        windows.set(sessionId, { endsAt: at + 1000, used: 1 });
        return true;
      }
      window.used += 1;
      return window.used <= perSecond;
    },
    forget(sessionId) {
      windows.delete(sessionId);
    },
  };
}

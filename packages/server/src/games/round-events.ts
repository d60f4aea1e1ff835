/**
 * Notices about a player's rounds that happen outside their own requests (the abandoned-round
 * settler), so an open game room can refresh its state and tell the player.
 */

/** A round the server settled on the player's behalf. */
export interface RoundSettledNotice {
  gameType: string;
  /** The same shape as the REST answer of the settling action, with `abandoned: true`. */
  body: Record<string, unknown>;
  /** The settled round in short, for a notice on any page (floor/play-state): amounts in micro-units. */
  summary?: { roundId: string; currency: string; stake: number; payout: number };
}

/** Per-player subscriptions to settlement notices. */
export interface RoundEvents {
  subscribe(userId: string, listener: (notice: RoundSettledNotice) => void): () => void;
  publish(userId: string, notice: RoundSettledNotice): void;
}

/** In-process notices (rooms and the settler live in the same process). */
export function createRoundEvents(): RoundEvents {
  const listeners = new Map<string, Set<(notice: RoundSettledNotice) => void>>();
  return {
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    publish(userId, notice) {
      for (const listener of listeners.get(userId) ?? []) listener(notice);
    },
  };
}

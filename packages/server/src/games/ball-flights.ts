/**
 * Plinko balls in flight per player (SPEC.md section 5: at most 5). A ball counts from its bet for
 * the length of the drop animation. Kept in memory in one process; with REDIS_URL the Redis store
 * of scale/redis-ball-flights.ts implements the same interface for every process.
 */
import { PLINKO_MAX_BALLS_IN_FLIGHT } from "@casino/protocol";

/** How long a ball is in flight after its bet: the client's drop animation. */
export const PLINKO_FLIGHT_MS = 3500;

/** A ball that was let go; cancelled when its bet is refused. */
export interface BallLaunch {
  cancel(): void;
}

/** Counts a player's balls in flight (asynchronous, so a shared store can answer). */
export interface BallFlights {
  /** Starts a ball, or undefined when the player already has the maximum in flight. */
  launch(userId: string): Promise<BallLaunch | undefined>;
  /** How many balls the player has in flight now. */
  inFlight(userId: string): Promise<number>;
}

/** The in-memory counter, with an injectable clock. */
export function createMemoryBallFlights(
  options: { now?: () => number; flightMs?: number; maxBalls?: number } = {},
): BallFlights {
  const now = options.now ?? Date.now;
  const flightMs = options.flightMs ?? PLINKO_FLIGHT_MS;
  const maxBalls = options.maxBalls ?? PLINKO_MAX_BALLS_IN_FLIGHT;
  const landings = new Map<string, number[]>();
  const current = (userId: string): number[] => {
    const at = now();
    const live = (landings.get(userId) ?? []).filter((landing) => landing > at);
    if (live.length === 0) landings.delete(userId);
    else landings.set(userId, live);
    return live;
  };
  return {
    async launch(userId) {
      const live = current(userId);
      if (live.length >= maxBalls) return undefined;
      const landing = now() + flightMs;
      landings.set(userId, [...live, landing]);
      return {
        cancel() {
          const balls = landings.get(userId) ?? [];
          const index = balls.indexOf(landing);
          if (index >= 0) balls.splice(index, 1);
        },
      };
    },
    inFlight: async (userId) => current(userId).length,
  };
}

/**
 * Plinko balls in flight per player (SPEC.md section 5: at most 5). A ball counts from its bet for
 * the length of the drop animation. Kept in memory per process behind a small interface, so a
 * shared store can replace it when several processes serve one player.
 */
import { PLINKO_MAX_BALLS_IN_FLIGHT } from "@casino/protocol";

/** How long a ball is in flight after its bet: the client's drop animation. */
export const PLINKO_FLIGHT_MS = 3500;

/** A ball that was let go; cancelled when its bet is refused. */
export interface BallLaunch {
  cancel(): void;
}

/** Counts a player's balls in flight. */
export interface BallFlights {
  /** Starts a ball, or undefined when the player already has the maximum in flight. */
  launch(userId: string): BallLaunch | undefined;
  /** How many balls the player has in flight now. */
  inFlight(userId: string): number;
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
    launch(userId) {
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
    inFlight: (userId) => current(userId).length,
  };
}

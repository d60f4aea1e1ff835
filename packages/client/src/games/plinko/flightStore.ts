/**
 * The balls of one plinko screen, outside React so the Pixi ticker can read them every frame:
 * seats reserved for bets on their way to the server, balls in flight, and landings. At most 5
 * balls count at once (SPEC.md section 5), reserved seats included, so a 6th click is refused here
 * before the server would refuse it.
 */
import { PLINKO_MAX_BALLS_IN_FLIGHT } from "@casino/protocol";
import type { BallFlight } from "./ballFlight.ts";

/** A ball the server has settled, falling along its flight. */
export type PlinkoBall = {
  id: number;
  flight: BallFlight;
  launchedAt: number; // clock time of the drop, ms
  slot: number;
  multiplier: number;
  winUnits: number;
  betUnits: number;
  currency: string;
  roundId?: string | number;
  nonce?: number;
};

/** The store's clock (performance.now in the page, a fake one in tests). */
export type Clock = () => number;

/** The store: reserve a seat, launch, read and land balls, hear count changes. */
export type FlightStore = ReturnType<typeof createFlightStore>;

/** Creates an empty store. */
export function createFlightStore(now: Clock, maxBalls = PLINKO_MAX_BALLS_IN_FLIGHT) {
  let reserved = 0;
  let balls: PlinkoBall[] = [];
  const listeners = new Set<(count: number) => void>();
  const notify = () => {
    for (const listener of listeners) listener(reserved + balls.length);
  };
  return {
    /** Balls that count against the limit: in flight plus bets awaiting their answer. */
    activeCount: () => reserved + balls.length,
    /** Takes a seat for a new bet; false when 5 balls already count. */
    reserve(): boolean {
      if (reserved + balls.length >= maxBalls) return false;
      reserved += 1;
      notify();
      return true;
    },
    /** Gives back a seat whose bet was refused. */
    release(): void {
      reserved = Math.max(0, reserved - 1);
      notify();
    },
    /** Turns a reserved seat into a falling ball. */
    launch(ball: Omit<PlinkoBall, "launchedAt">): PlinkoBall {
      reserved = Math.max(0, reserved - 1);
      const launched = { ...ball, launchedAt: now() };
      balls = [...balls, launched];
      notify();
      return launched;
    },
    /** The balls in flight (for drawing). */
    inFlight: (): readonly PlinkoBall[] => balls,
    /** Removes and returns the balls whose flight is over at `at`. */
    collectLanded(at: number = now()): PlinkoBall[] {
      const landed = balls.filter((ball) => at - ball.launchedAt >= ball.flight.duration);
      if (landed.length === 0) return landed;
      balls = balls.filter((ball) => !landed.includes(ball));
      notify();
      return landed;
    },
    /** Hears the count of active balls change; returns the unsubscribe function. */
    subscribe(listener: (count: number) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Recent Results: the latest first, 10 kept. */
export const RECENT_KEPT = 10;

/** Recent Results shown at once. */
export const RECENT_SHOWN = 8;

/** Adds a landing to the recent results, keeping the latest 10. */
export function pushRecent<T>(recent: readonly T[], entry: T): T[] {
  return [entry, ...recent].slice(0, RECENT_KEPT);
}

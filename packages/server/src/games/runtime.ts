/**
 * What the game services share in one casino process: the maintenance switch, plinko balls in
 * flight, settlement notices and the abandoned-round settler. Built once by startCasino, so the
 * REST router and the game rooms see the same counters.
 */

import type { RoundRecord } from "../rounds/types.ts";
import type { CasinoServices } from "../services.ts";
import { type AbandonedRoundSettler, createAbandonedRoundSettler } from "./abandoned.ts";
import { type BallFlights, createMemoryBallFlights } from "./ball-flights.ts";
import { createMaintenanceCheck, type MaintenanceCheck } from "./maintenance.ts";
import { createRoundEvents, type RoundEvents } from "./round-events.ts";

/** The shared game machinery of one process. */
export interface GameRuntime {
  services: CasinoServices;
  maintenance: MaintenanceCheck;
  flights: BallFlights;
  events: RoundEvents;
  settler: AbandonedRoundSettler;
  /**
   * Told of every round a game call stored (metrics count the settled ones). `committed`: its own
   * transaction has committed (false for a round stored inside a caller's transaction, not yet visible).
   */
  observeRound(round: RoundRecord, committed: boolean): void;
}

/** What a cluster shares instead of this process's memory (scale/scale-out.ts). */
export interface SharedGameState {
  events?: RoundEvents;
  flights?: BallFlights;
  observeRound?: (round: RoundRecord, committed: boolean) => void;
}

/** Builds the game runtime of a casino (in memory, or over the cluster's shared state). */
export function createGameRuntime(services: CasinoServices, shared: SharedGameState = {}): GameRuntime {
  const events = shared.events ?? createRoundEvents();
  const observeRound = shared.observeRound ?? (() => {});
  return {
    services,
    maintenance: createMaintenanceCheck(services.handle.db, { now: services.now }),
    flights: shared.flights ?? createMemoryBallFlights({ now: services.now }),
    events,
    settler: createAbandonedRoundSettler({ services, events, observeRound }),
    observeRound,
  };
}

/** Starts the games' background work (the settler, which also runs once now); stop it on shutdown. */
export function startGames(runtime: GameRuntime): { stop(): Promise<void> } {
  runtime.settler.start();
  return { stop: () => runtime.settler.stop() };
}

/** Refuses a new bet while the casino is in maintenance (open rounds may still finish). */
export async function isBettingPaused(
  runtime: GameRuntime,
  trx?: Parameters<MaintenanceCheck["isMaintenanceMode"]>[0],
): Promise<boolean> {
  return runtime.maintenance.isMaintenanceMode(trx);
}

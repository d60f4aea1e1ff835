/**
 * What the game services share in one casino process: the maintenance switch, plinko balls in
 * flight, settlement notices and the abandoned-round settler. Built once per CasinoServices, so
 * the REST router and the game rooms see the same counters.
 */
import { sharedBallFlightsOf } from "../scale/redis-ball-flights.ts";
import { sharedRoundEventsOf } from "../scale/shared-round-events.ts";
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
}

const runtimes = new WeakMap<CasinoServices, GameRuntime>();

/** The game runtime of a casino, created on first use. */
export function gameRuntimeOf(services: CasinoServices): GameRuntime {
  let runtime = runtimes.get(services);
  if (!runtime) {
    const events = sharedRoundEventsOf(services) ?? createRoundEvents();
    runtime = {
      services,
      maintenance: createMaintenanceCheck(services.handle.db, { now: services.now }),
      flights: sharedBallFlightsOf(services) ?? createMemoryBallFlights({ now: services.now }),
      events,
      settler: createAbandonedRoundSettler({ services, events }),
    };
    runtimes.set(services, runtime);
  }
  return runtime;
}

/** Starts the games' background work (the settler, which also runs once now); stop it on shutdown. */
export function startGames(services: CasinoServices): { stop(): Promise<void> } {
  const runtime = gameRuntimeOf(services);
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

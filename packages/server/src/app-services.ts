/**
 * The composition of one casino process: the services every part is built from, and the runtimes
 * built on them once (games, poker, the operator side, the cluster's table list), handed to the
 * adapters (routes, rooms, scale-out) so a route and a room act on the same tables,
 * counters and schedules. startCasino (app.ts) builds it, then the transports around it.
 */
import { createSessionRevocations } from "./auth/revocation.ts";
import { createSimulatedChain } from "./chain/simulated.ts";
import type { RateLimitSettings } from "./config.ts";
import { type CrashOptions, type CrashRuntime, createCrashRuntime } from "./crash/runtime.ts";
import { type DatabaseHandle, migrateDatabase } from "./db/connect.ts";
import type { ChatBus } from "./floor/chat/bus.ts";
import { type ChatRuntime, createChatRuntime } from "./floor/chat/runtime.ts";
import { createLiveFeed, type LiveFeed, type SharedFeed } from "./floor/feed/live-feed.ts";
import { createStandings, type Standings } from "./floor/standings/standings.ts";
import type { BallFlights } from "./games/ball-flights.ts";
import type { RoundEvents } from "./games/round-events.ts";
import { createGameRuntime, type GameRuntime } from "./games/runtime.ts";
import type { Logger } from "./log.ts";
import type { CasinoMetrics } from "./metrics/casino-metrics.ts";
import { countRefusals, countSecurityEvents } from "./metrics/observers.ts";
import { CASINO_MIGRATIONS } from "./migrations.ts";
import { type OperatorOptions, type OperatorRuntime, startOperator } from "./operator/runtime.ts";
import type { FailureThrottle } from "./operator/throttle.ts";
import { PokerRuntime } from "./poker/runtime.ts";
import type { PokerOptions } from "./poker/settings.ts";
import { TournamentService } from "./poker/tournament/service.ts";
import { createPokerTableListing, type PokerTableListing } from "./scale/table-listing.ts";
import { createSecurityEventSink } from "./security/events.ts";
import { createLimitEventReporter } from "./security/limit-events.ts";
import { createMemoryRateLimiter, type RateLimiter } from "./security/rate-limiter.ts";
import type { CasinoServices } from "./services.ts";

export type { OperatorOptions } from "./operator/runtime.ts";

/** The services with the runtimes of one casino process. */
export interface AppServices extends CasinoServices {
  games: GameRuntime;
  poker: PokerRuntime;
  operator: OperatorRuntime;
  /** The poker tables of the whole cluster (this process's when alone). */
  pokerTables: PokerTableListing;
  /** This process's Prometheus metrics (metrics/casino-metrics.ts). */
  metrics: CasinoMetrics;
  /** Leaderboards and player stats (floor/standings). */
  standings: Standings;
  /** The casino and table chat (floor/chat). */
  chat: ChatRuntime;
  /** The live bets feed and players online (floor/feed). */
  feed: LiveFeed;
  /** Sit & Go tournaments (poker/tournament). */
  tournaments: TournamentService;
  /** Supernova's shared rounds (crash/). */
  crash: CrashRuntime;
}

/**
 * What the processes of a cluster share, handed to this process's runtimes when scaled out
 * (scale/scale-out.ts provides it over Redis); each runtime keeps its own in memory otherwise.
 */
export interface ClusterState {
  limiter: RateLimiter;
  throttle: FailureThrottle;
  roundEvents: RoundEvents;
  flights: BallFlights;
  chatBus: ChatBus;
  liveFeed: SharedFeed;
}

/** What the services are made of besides the open database. */
export interface ComposeOptions {
  handle: DatabaseHandle;
  log: Logger;
  now: () => number;
  dataDir: string;
  aminaAssetId: number;
  rateLimit: RateLimitSettings;
  operator?: OperatorOptions | undefined;
  poker?: PokerOptions | undefined;
  crash?: CrashOptions | undefined;
  metrics: CasinoMetrics;
  /** The cluster's shared state when scaled out (else this process's memory). */
  scale?: ClusterState | undefined;
}

/** The composed services and how to stop the operator side (after the transports closed). */
export interface ComposedServices {
  services: AppServices;
  stopOperator(): Promise<void>;
}

/**
 * Builds the services and runtimes of a casino process (poker and the games start later), first
 * bringing the database up to the casino's migrations (nothing to do when openDatabase ran them).
 */
export async function composeServices(options: ComposeOptions): Promise<ComposedServices> {
  const { handle, log, now, scale, metrics } = options;
  await migrateDatabase(handle, CASINO_MIGRATIONS);
  const chain = createSimulatedChain({ assetId: options.aminaAssetId, now });
  await chain.initialize(handle);
  const security = countSecurityEvents(await createSecurityEventSink(handle, log), metrics);
  const core: CasinoServices = {
    handle,
    log,
    security,
    limiter: scale?.limiter ?? createMemoryRateLimiter(),
    rateLimit: options.rateLimit,
    limitEvents: countRefusals(
      createLimitEventReporter((event) => security.recordSecurityEvent(event), { now }),
      metrics,
    ),
    revocations: createSessionRevocations({ log }),
    chain,
    now,
  };
  const operator = await startOperator(core, {
    dataDir: options.dataDir,
    ...(scale ? { throttle: scale.throttle } : {}),
    ...options.operator,
  });
  const poker = new PokerRuntime(core, options.poker);
  const feed = createLiveFeed(core, { shared: scale?.liveFeed });
  const games = createGameRuntime(core, {
    ...(scale ? { events: scale.roundEvents, flights: scale.flights } : {}),
    observeRound: (round, committed) => {
      metrics.observeRound(round);
      feed.recordRound(round, committed);
    },
  });
  const services: AppServices = {
    ...core,
    games,
    poker,
    operator: operator.runtime,
    pokerTables: createPokerTableListing(poker),
    metrics,
    standings: createStandings(core),
    chat: createChatRuntime(core, poker, { bus: scale?.chatBus }),
    feed,
    tournaments: new TournamentService(core, poker),
    crash: createCrashRuntime(core, {
      nodeId: poker.settings.nodeId,
      ...options.crash,
      observe: (round) => games.observeRound(round, true),
      isPaused: (trx) => games.maintenance.isMaintenanceMode(trx),
    }),
  };
  poker.subscribe((_table, events) => metrics.observePokerEvents(events));
  poker.subscribe((table, events) => feed.recordPokerEvents(table, events));
  return {
    services,
    stopOperator: async () => {
      await operator.stop();
      await services.standings.close();
      services.chat.stop();
    },
  };
}

/**
 * Starts the casino: database (migrations), services, the Fastify app (API + built client) and the
 * Colyseus server, all on one HTTP port. Tests start and stop many of these; close() frees everything.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { defineServer, matchMaker } from "@colyseus/core";
import { type AppServices, composeServices, type OperatorOptions } from "./app-services.ts";
import {
  DEFAULT_AMINA_ASSET_ID,
  DEFAULT_HTTP_TIMEOUTS,
  type HttpTimeouts,
  type RateLimitSettings,
  REPO_ROOT,
} from "./config.ts";
import type { CrashOptions } from "./crash/runtime.ts";
import { type DatabaseHandle, openDatabase } from "./db/connect.ts";
import { DEFAULT_WAL_WARN_BYTES, watchWal } from "./db/wal-watch.ts";
import { startGames } from "./games/runtime.ts";
import { createHttpApp, dispatchRequests } from "./http/http-app.ts";
import { pruneIdempotencyKeys } from "./http/idempotency.ts";
import { listenForMetrics } from "./http/routes/operator-views.ts";
import { httpServerOptions } from "./http/server-timeouts.ts";
import { verifySocketOrigin } from "./http/socket-origin.ts";
import { createLogger } from "./log.ts";
import { createCasinoMetrics } from "./metrics/casino-metrics.ts";
import { watchCasino } from "./metrics/scrape-gauges.ts";
import type { PokerOptions } from "./poker/settings.ts";
import { declareRooms, openStandingRooms } from "./rooms/bootstrap.ts";
import { installMatchmakingGuard } from "./rooms/matchmaking-guard.ts";
import { SpreadHeartbeatTransport } from "./rooms/spread-heartbeat.ts";
import { prepareScaleOut } from "./scale/scale-out.ts";
import { pruneSecurityEvents } from "./security/retention.ts";
import { reportWalOversize } from "./security/wal-report.ts";

/** How to start a casino; everything but the data folder has a default. */
export interface StartCasinoOptions {
  /** Port to listen on; 0 picks a free one. Default 2567. */
  port?: number;
  dataDir: string;
  databaseUrl?: string;
  pgSchema?: string;
  clientDist?: string;
  logLevel?: string;
  publicAddress?: string;
  /** redis://... to share rooms, matchmaking and counters with the other processes (docs/SCALE.md). */
  redisUrl?: string;
  /** Where the other processes reach this one (default http://127.0.0.1:<port>). */
  internalUrl?: string;
  /** Proxy hops in front whose X-Forwarded-For is trusted (default 0: the socket's peer is the client). */
  trustProxy?: number;
  aminaAssetId?: number;
  rateLimit?: Partial<RateLimitSettings>;
  /** HTTP header, body and keep-alive timeouts (default: the configuration's defaults). */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Origins allowed to call the API cross-origin with credentials (none: same origin only). */
  allowedOrigins?: string[];
  /** Origins the client is served from, whose pages may open room sockets (none: the request's own host). */
  publicOrigins?: string[];
  /** A port on 127.0.0.1 that serves /metrics without the operator token (0: any free port; unset: none). */
  metricsPort?: number;
  /** SQLite: WAL size past which a warning and a security event name who pins it (default 256 MiB). */
  walWarnBytes?: number;
  /** SQLite: how often the WAL size is checked (default 5 s). */
  walCheckMs?: number;
  /** The clock (tests move it to expire challenges and bonuses). */
  now?: () => number;
  /** Operator dashboard passwords and monitor schedules (default: environment, data folder files). */
  operator?: OperatorOptions;
  /** Poker timers and policies (tests shorten them). */
  poker?: PokerOptions;
  /** Supernova's chain length and phases (tests shorten them). */
  crash?: CrashOptions;
}

/** A running casino. */
export interface RunningCasino {
  port: number;
  url: string;
  /** The loopback metrics listener's base URL, when `metricsPort` was given. */
  metricsUrl: string | undefined;
  handle: DatabaseHandle;
  services: AppServices;
  /** Writes queued security events now (tests read them right after a request). */
  flushSecurityEvents(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Budgets generous enough for tests and benchmarks that start casinos in-process; the casino
 * process (main.ts) runs with the configuration's defaults, which stay below one process's capacity.
 */
const DEFAULT_RATE_LIMIT: RateLimitSettings = {
  sessionPerSecond: 500,
  sessionBurst: 1000,
  addressPerSecond: 5000,
  addressBurst: 10_000,
  identityPerMinute: 60_000,
  identityBurst: 10_000,
  identityGlobalPerSecond: 10_000,
  identityGlobalBurst: 10_000,
  roomCreatePerMinute: 60_000,
  roomCreateBurst: 10_000,
  roomJoinPerSecond: 10_000,
  roomJoinBurst: 10_000,
  faucetPerHour: 36_000_000,
  faucetBurst: 10_000,
  faucetGlobalPerHour: 36_000_000,
  faucetGlobalBurst: 10_000,
};

const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Colyseus answers CORS for every request and by default reflects any origin with credentials;
 * credentials are allowed only for configured origins, other origins may read public answers only.
 */
function restrictCors(allowedOrigins: string[]): void {
  const defaults: Record<string, string> = matchMaker.controller.DEFAULT_CORS_HEADERS;
  delete defaults["Access-Control-Allow-Credentials"];
  matchMaker.controller.getCorsHeaders = (headers: Headers): Record<string, string> => {
    const origin = headers.get("origin");
    if (origin && allowedOrigins.includes(origin)) {
      return {
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Allow-Credentials": "true",
        Vary: "Origin",
      };
    }
    return { "Access-Control-Allow-Origin": "*" };
  };
}

/** Starts a casino and resolves once it accepts connections. */
export async function startCasino(options: StartCasinoOptions): Promise<RunningCasino> {
  const log = createLogger(options.logLevel ?? "info");
  const now = options.now ?? Date.now;
  const scale = options.redisUrl ? prepareScaleOut({ redisUrl: options.redisUrl, log }) : undefined;
  const handle = await openDatabase({
    dataDir: options.dataDir,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
  });
  const metrics = createCasinoMetrics(now);
  const { services, stopOperator } = await composeServices({
    handle,
    log,
    now,
    dataDir: options.dataDir,
    aminaAssetId: options.aminaAssetId ?? DEFAULT_AMINA_ASSET_ID,
    rateLimit: { ...DEFAULT_RATE_LIMIT, ...options.rateLimit },
    operator: options.operator,
    poker: options.poker,
    crash: options.crash,
    scale,
    metrics,
  });
  const pingRedis = scale ? () => scale.ping() : undefined;
  watchCasino(metrics, { handle, loopDelay: services.operator.loopDelay, pingRedis });
  const { security, poker } = services;
  const walWatch = handle.sqlite
    ? watchWal({
        file: handle.sqlite.name,
        limitBytes: options.walWarnBytes ?? DEFAULT_WAL_WARN_BYTES,
        ...(options.walCheckMs ? { intervalMs: options.walCheckMs } : {}),
        registry: metrics.registry,
        onOversize: (report) => reportWalOversize(services, report),
      })
    : undefined;

  const clientDist = options.clientDist ?? `${REPO_ROOT}packages/client/dist`;
  // Pages that may act for a player: the casino's own host, or the configured origins.
  const trustedOrigins = [...(options.publicOrigins ?? []), ...(options.allowedOrigins ?? [])];
  const httpServer = createServer(httpServerOptions({ ...DEFAULT_HTTP_TIMEOUTS, ...options.httpTimeouts }));
  const colyseus = defineServer({
    transport: new SpreadHeartbeatTransport({
      server: httpServer,
      verifyClient: verifySocketOrigin(trustedOrigins, (req, origin) =>
        security.recordSecurityEvent({
          type: "socket_origin_refused",
          severity: "medium",
          location: `WS ${req.url ?? ""}`.slice(0, 200),
          details: `WebSocket from origin ${origin.slice(0, 100)} refused`,
          source: req.socket.remoteAddress,
          blocked: true,
          rule: "socket-origin",
        }),
      ),
    }),
    greet: false,
    gracefullyShutdown: false,
    logger: log.child({ component: "colyseus" }),
    ...(options.publicAddress ? { publicAddress: options.publicAddress } : {}),
    ...(scale ? scale.colyseusOptions(services) : {}),
    rooms: declareRooms(services),
  });
  restrictCors(options.allowedOrigins ?? []);
  const http = await createHttpApp({
    server: httpServer,
    services,
    metrics,
    trustProxy: options.trustProxy ?? 0,
    trustedOrigins,
    clientDist,
    pingRedis,
    nodes: scale?.nodes,
  });
  await poker.start();
  await services.tournaments.start();
  await colyseus.listen(options.port ?? 2567);
  dispatchRequests(httpServer, colyseus.router, http.handle);
  installMatchmakingGuard(httpServer, services, options.trustProxy ?? 0);
  const port = (httpServer.address() as AddressInfo).port;
  const metricsListener =
    options.metricsPort === undefined ? undefined : await listenForMetrics(metrics, options.metricsPort);
  await scale?.start(services, { internalUrl: options.internalUrl ?? `http://127.0.0.1:${port}` });
  await services.feed.start();
  await openStandingRooms();
  log.info({ port, dialect: handle.dialect, clientDist, cluster: scale !== undefined }, "casino listening");

  const games = startGames(services.games);
  services.crash.start();
  const maintenance = setInterval(() => {
    pruneIdempotencyKeys(handle.db, now()).catch((error) => log.error({ err: error }, "maintenance failed"));
    pruneSecurityEvents(handle.db, now()).catch((error) => log.error({ err: error }, "maintenance failed"));
  }, MAINTENANCE_INTERVAL_MS);
  maintenance.unref();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      clearInterval(maintenance);
      walWatch?.stop();
      await metricsListener?.close();
      await games.stop();
      await services.crash.stop();
      await services.feed.stop();
      await scale?.stop();
      await colyseus.gracefullyShutdown(false);
      await services.tournaments.stop();
      await poker.stop();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) =>
        httpServer.listening ? httpServer.close(() => resolve()) : resolve(),
      );
      await stopOperator();
      await security.close();
      await scale?.close();
      await handle.close();
      log.info({ port }, "casino stopped");
    })();
    return closing;
  };

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    metricsUrl: metricsListener ? `http://127.0.0.1:${metricsListener.port}` : undefined,
    handle,
    services,
    flushSecurityEvents: () => security.flush(),
    close,
  };
}

/** The server's configuration, read once from the environment and validated, so a typo fails at start. */
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** The repository root, for defaults that live beside the code (data/, the built client). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The AMINA asset id shown in demo mode until AMINA_ASSET_ID names the real one. */
export const DEFAULT_AMINA_ASSET_ID = 3_141_592_653;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const positiveNumber = (fallback: number) => z.coerce.number().positive().finite().default(fallback);
const positiveInteger = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Proxies in front whose X-Forwarded-For is trusted: a hop count ("true" is one hop, never "any"). */
const proxyHops = z
  .string()
  .trim()
  .default("0")
  .transform((value, ctx) => {
    if (value === "false" || value === "") return 0;
    if (value === "true") return 1;
    const hops = Number(value);
    if (Number.isInteger(hops) && hops >= 0 && hops <= 10) return hops;
    ctx.addIssue({ code: "custom", message: "must be a number of proxy hops (0 to 10), true or false" });
    return z.NEVER;
  });

/**
 * What one casino process serves (SQLite, `node bench/capacity.ts` on the 2-core reference machine,
 * the load generator on the other core): the cheapest anonymous API route (GET /api/session) and
 * dice bets with a session (POST /api/games/dice), in requests per second.
 */
export const MEASURED_CAPACITY = { anonymousGetsPerSecond: 3600, diceBetsPerSecond: 1600 } as const;

/**
 * Token-bucket sizes of the default budgets. The address budget (1,000/s, burst 2,000) is under a
 * third of MEASURED_CAPACITY's 3,600 anonymous requests/s and the session budget (100/s, burst 200)
 * a sixteenth of its 1,600 dice bets/s, so one address, or one session, cannot take the process.
 */
export const DEFAULT_RATE_LIMIT: RateLimitSettings = {
  sessionPerSecond: 100,
  sessionBurst: 200,
  addressPerSecond: 1000,
  addressBurst: 2000,
  identityPerMinute: 10,
  identityBurst: 20,
  identityGlobalPerSecond: 10,
  identityGlobalBurst: 100,
  roomCreatePerMinute: 30,
  roomCreateBurst: 20,
  roomJoinPerSecond: 10,
  roomJoinBurst: 40,
  // 0.1 AMINA per source address an hour; 2 AMINA an hour (5 at once) over the casino: the creator's
  // 900 AMINA would take 450 hours of constant draining from a fleet of addresses.
  faucetPerHour: 1,
  faucetBurst: 1,
  faucetGlobalPerHour: 20,
  faucetGlobalBurst: 50,
};

/** Node HTTP server timeouts: whole headers, whole request (a slowly sent body is cut), idle keep-alive. */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 10_000,
  keepAliveMs: 5_000,
};

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(2567),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), {
    message: "must be a postgres:// URL",
  }),
  DATABASE_SCHEMA: optionalText.refine((name) => name === undefined || /^[a-z_][a-z0-9_]*$/.test(name), {
    message: "must be a lowercase PostgreSQL schema name",
  }),
  REDIS_URL: optionalText.refine((url) => url === undefined || /^rediss?:\/\//.test(url), {
    message: "must be a redis:// URL",
  }),
  INTERNAL_URL: optionalText.refine((url) => url === undefined || /^https?:\/\//.test(url), {
    message: "must be an http:// URL",
  }),
  POKER_BOTS: z.enum(["0", "1", "true", "false"]).default("1"),
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(1000).max(10_000_000).multipleOf(1000).default(1_000_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CLIENT_DIST: optionalText,
  PUBLIC_ADDRESS: optionalText,
  AMINA_ASSET_ID: z.coerce.number().int().positive().default(DEFAULT_AMINA_ASSET_ID),
  TRUST_PROXY: proxyHops,
  // A port on 127.0.0.1 that serves /metrics without the operator token (unset: /metrics on the
  // main port only, behind the token).
  // SQLite: the WAL size in MB past which a warning and a security event name who pins it.
  SQLITE_WAL_WARN_MB: positiveNumber(256),
  METRICS_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(65_535).optional()),
  // Comma-separated origins the client is served from (https://casino.example); pages of other
  // origins cannot open room sockets. Empty: the request's own host.
  PUBLIC_ORIGINS: z
    .string()
    .default("")
    .transform((text) =>
      text
        .split(",")
        .map((o) => o.trim())
        .filter((o) => o !== ""),
    )
    .refine((origins) => origins.every((o) => /^https?:\/\/[^/\s]+$/.test(o)), {
      message: "must be comma-separated origins such as https://casino.example",
    }),
  // The request budgets stay below what one process serves (MEASURED_CAPACITY above).
  RATE_LIMIT_SESSION_PER_SECOND: positiveNumber(DEFAULT_RATE_LIMIT.sessionPerSecond),
  RATE_LIMIT_SESSION_BURST: positiveNumber(DEFAULT_RATE_LIMIT.sessionBurst),
  RATE_LIMIT_ADDRESS_PER_SECOND: positiveNumber(DEFAULT_RATE_LIMIT.addressPerSecond),
  RATE_LIMIT_ADDRESS_BURST: positiveNumber(DEFAULT_RATE_LIMIT.addressBurst),
  RATE_LIMIT_IDENTITY_PER_MINUTE: positiveNumber(DEFAULT_RATE_LIMIT.identityPerMinute),
  RATE_LIMIT_IDENTITY_BURST: positiveNumber(DEFAULT_RATE_LIMIT.identityBurst),
  RATE_LIMIT_IDENTITY_GLOBAL_PER_SECOND: positiveNumber(DEFAULT_RATE_LIMIT.identityGlobalPerSecond),
  RATE_LIMIT_IDENTITY_GLOBAL_BURST: positiveNumber(DEFAULT_RATE_LIMIT.identityGlobalBurst),
  RATE_LIMIT_ROOM_CREATE_PER_MINUTE: positiveNumber(DEFAULT_RATE_LIMIT.roomCreatePerMinute),
  RATE_LIMIT_ROOM_CREATE_BURST: positiveNumber(DEFAULT_RATE_LIMIT.roomCreateBurst),
  RATE_LIMIT_ROOM_JOIN_PER_SECOND: positiveNumber(DEFAULT_RATE_LIMIT.roomJoinPerSecond),
  RATE_LIMIT_ROOM_JOIN_BURST: positiveNumber(DEFAULT_RATE_LIMIT.roomJoinBurst),
  RATE_LIMIT_FAUCET_PER_HOUR: positiveNumber(DEFAULT_RATE_LIMIT.faucetPerHour),
  RATE_LIMIT_FAUCET_BURST: positiveNumber(DEFAULT_RATE_LIMIT.faucetBurst),
  RATE_LIMIT_FAUCET_GLOBAL_PER_HOUR: positiveNumber(DEFAULT_RATE_LIMIT.faucetGlobalPerHour),
  RATE_LIMIT_FAUCET_GLOBAL_BURST: positiveNumber(DEFAULT_RATE_LIMIT.faucetGlobalBurst),
  HTTP_HEADERS_TIMEOUT_MS: positiveInteger(DEFAULT_HTTP_TIMEOUTS.headersMs),
  HTTP_REQUEST_TIMEOUT_MS: positiveInteger(DEFAULT_HTTP_TIMEOUTS.requestMs),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInteger(DEFAULT_HTTP_TIMEOUTS.keepAliveMs),
});

/** Token-bucket sizes of the request budgets and the per-source caps (rate and burst of each). */
export interface RateLimitSettings {
  /** API requests per session. */
  sessionPerSecond: number;
  sessionBurst: number;
  /** API requests per source address. */
  addressPerSecond: number;
  addressBurst: number;
  /** New identities (POST /api/users creating a user) per source address. */
  identityPerMinute: number;
  identityBurst: number;
  /** New identities over the whole casino. */
  identityGlobalPerSecond: number;
  identityGlobalBurst: number;
  /** Rooms a source address may create (a client without a session creates none). */
  roomCreatePerMinute: number;
  roomCreateBurst: number;
  /** Matchmaking requests (join, create, reconnect) per source address. */
  roomJoinPerSecond: number;
  roomJoinBurst: number;
  /** Demo-faucet grants (AMINA_FAUCET_PER_WALLET each) to new wallets per source address. */
  faucetPerHour: number;
  faucetBurst: number;
  /** Demo-faucet grants over the whole casino. */
  faucetGlobalPerHour: number;
  faucetGlobalBurst: number;
}

/** Timeouts of the HTTP server, in milliseconds. */
export interface HttpTimeouts {
  /** Until the request's headers are complete. */
  headersMs: number;
  /** Until the whole request (headers and body) has arrived; then 408 and the socket is closed. */
  requestMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveMs: number;
}

/** Everything the server needs to start, with defaults applied. */
export interface CasinoConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema of the casino's tables (default: the connection's search path). */
  databaseSchema: string | undefined;
  redisUrl: string | undefined;
  /** Where the other processes of a cluster reach this one (default http://127.0.0.1:<port>). */
  internalUrl: string | undefined;
  /** Bots fill the House poker tables. */
  pokerBots: boolean;
  /** Hashes in each Supernova chain made at first start. */
  crashChainLength: number;
  logLevel: string;
  clientDist: string;
  publicAddress: string | undefined;
  /** Proxy hops in front whose X-Forwarded-For is trusted (0: the socket's address is the client). */
  trustProxy: number;
  /** Origins whose pages may open room sockets (empty: the request's own host). */
  publicOrigins: string[];
  /** The loopback port of the token-free metrics listener, if any. */
  metricsPort: number | undefined;
  /** SQLite: the WAL size past which the operator is warned, in bytes. */
  walWarnBytes: number;
  aminaAssetId: number;
  rateLimit: RateLimitSettings;
  httpTimeouts: HttpTimeouts;
}

export type ConfigResult = { ok: true; config: CasinoConfig } | { ok: false; errors: string[] };

/** Reads and validates the configuration; returns every problem at once instead of throwing. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ConfigResult {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    };
  }
  const e = parsed.data;
  return {
    ok: true,
    config: {
      port: e.PORT,
      dataDir: e.DATA_DIR ?? `${REPO_ROOT}data`,
      databaseUrl: e.DATABASE_URL,
      databaseSchema: e.DATABASE_SCHEMA,
      redisUrl: e.REDIS_URL,
      internalUrl: e.INTERNAL_URL,
      pokerBots: e.POKER_BOTS === "1" || e.POKER_BOTS === "true",
      crashChainLength: e.CRASH_CHAIN_LENGTH,
      logLevel: e.LOG_LEVEL,
      clientDist: e.CLIENT_DIST ?? `${REPO_ROOT}packages/client/dist`,
      publicAddress: e.PUBLIC_ADDRESS,
      trustProxy: e.TRUST_PROXY,
      publicOrigins: e.PUBLIC_ORIGINS,
      metricsPort: e.METRICS_PORT,
      walWarnBytes: Math.round(e.SQLITE_WAL_WARN_MB * 1024 * 1024),
      aminaAssetId: e.AMINA_ASSET_ID,
      rateLimit: {
        sessionPerSecond: e.RATE_LIMIT_SESSION_PER_SECOND,
        sessionBurst: e.RATE_LIMIT_SESSION_BURST,
        addressPerSecond: e.RATE_LIMIT_ADDRESS_PER_SECOND,
        addressBurst: e.RATE_LIMIT_ADDRESS_BURST,
        identityPerMinute: e.RATE_LIMIT_IDENTITY_PER_MINUTE,
        identityBurst: e.RATE_LIMIT_IDENTITY_BURST,
        identityGlobalPerSecond: e.RATE_LIMIT_IDENTITY_GLOBAL_PER_SECOND,
        identityGlobalBurst: e.RATE_LIMIT_IDENTITY_GLOBAL_BURST,
        roomCreatePerMinute: e.RATE_LIMIT_ROOM_CREATE_PER_MINUTE,
        roomCreateBurst: e.RATE_LIMIT_ROOM_CREATE_BURST,
        roomJoinPerSecond: e.RATE_LIMIT_ROOM_JOIN_PER_SECOND,
        roomJoinBurst: e.RATE_LIMIT_ROOM_JOIN_BURST,
        faucetPerHour: e.RATE_LIMIT_FAUCET_PER_HOUR,
        faucetBurst: e.RATE_LIMIT_FAUCET_BURST,
        faucetGlobalPerHour: e.RATE_LIMIT_FAUCET_GLOBAL_PER_HOUR,
        faucetGlobalBurst: e.RATE_LIMIT_FAUCET_GLOBAL_BURST,
      },
      httpTimeouts: {
        headersMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
        requestMs: e.HTTP_REQUEST_TIMEOUT_MS,
        keepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      },
    },
  };
}

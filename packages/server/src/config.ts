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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CLIENT_DIST: optionalText,
  PUBLIC_ADDRESS: optionalText,
  AMINA_ASSET_ID: z.coerce.number().int().positive().default(DEFAULT_AMINA_ASSET_ID),
  TRUST_PROXY: z.enum(["0", "1", "true", "false"]).default("0"),
  RATE_LIMIT_SESSION_PER_SECOND: positiveNumber(500),
  RATE_LIMIT_SESSION_BURST: positiveNumber(1000),
  RATE_LIMIT_ADDRESS_PER_SECOND: positiveNumber(5000),
  RATE_LIMIT_ADDRESS_BURST: positiveNumber(10000),
});

/** Token-bucket sizes of the per-session and per-address limits (requests per second and burst). */
export interface RateLimitSettings {
  sessionPerSecond: number;
  sessionBurst: number;
  addressPerSecond: number;
  addressBurst: number;
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
  logLevel: string;
  clientDist: string;
  publicAddress: string | undefined;
  trustProxy: boolean;
  aminaAssetId: number;
  rateLimit: RateLimitSettings;
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
      logLevel: e.LOG_LEVEL,
      clientDist: e.CLIENT_DIST ?? `${REPO_ROOT}packages/client/dist`,
      publicAddress: e.PUBLIC_ADDRESS,
      trustProxy: e.TRUST_PROXY === "1" || e.TRUST_PROXY === "true",
      aminaAssetId: e.AMINA_ASSET_ID,
      rateLimit: {
        sessionPerSecond: e.RATE_LIMIT_SESSION_PER_SECOND,
        sessionBurst: e.RATE_LIMIT_SESSION_BURST,
        addressPerSecond: e.RATE_LIMIT_ADDRESS_PER_SECOND,
        addressBurst: e.RATE_LIMIT_ADDRESS_BURST,
      },
    },
  };
}

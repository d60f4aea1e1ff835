/**
 * The services every part of the casino is built from, created once by startCasino and passed down
 * explicitly (a parameter of each route, room and runtime factory; nothing looks them up).
 */
import type { SessionRevocations } from "./auth/revocation.ts";
import type { ChainAdapter } from "./chain/adapter.ts";
import type { RateLimitSettings } from "./config.ts";
import type { DatabaseHandle } from "./db/connect.ts";
import type { Logger } from "./log.ts";
import type { SecurityEventSink } from "./security/events.ts";
import type { LimitEventReporter } from "./security/limit-events.ts";
import type { RateLimiter } from "./security/rate-limiter.ts";

/** Everything the routes and rooms call, injected (tests swap the clock). */
export interface CasinoServices {
  handle: DatabaseHandle;
  log: Logger;
  security: SecurityEventSink;
  limiter: RateLimiter;
  rateLimit: RateLimitSettings;
  /** Refusals by the limits as security events, thinned per key (HTTP, identities, rooms, faucet). */
  limitEvents: LimitEventReporter;
  /** Ended sessions, told to this process's rooms and (scaled out) to the other processes. */
  revocations: SessionRevocations;
  chain: ChainAdapter;
  /** The clock (epoch ms) for expiries, bonuses and challenges. */
  now: () => number;
}

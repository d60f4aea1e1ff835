/** The services a request handler or a room needs, built once by startCasino and passed down explicitly. */
import type { ChainAdapter } from "./chain/adapter.ts";
import type { RateLimitSettings } from "./config.ts";
import type { DatabaseHandle } from "./db/connect.ts";
import type { Logger } from "./log.ts";
import type { SecurityEventSink } from "./security/events.ts";
import type { RateLimiter } from "./security/rate-limiter.ts";

/** Everything the routes and rooms call, injected (tests swap the clock). */
export interface CasinoServices {
  handle: DatabaseHandle;
  log: Logger;
  security: SecurityEventSink;
  limiter: RateLimiter;
  rateLimit: RateLimitSettings;
  chain: ChainAdapter;
  /** The clock (epoch ms) for expiries, bonuses and challenges. */
  now: () => number;
}

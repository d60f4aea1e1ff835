/**
 * The operator's password-attempt counts in Redis: the same budgets as in memory
 * (operator/throttle.ts), each count one Lua script of rate-limiter-flexible, so concurrent guesses
 * spread over the processes behind the proxy are counted before any of them is hashed.
 */
import type { Redis } from "ioredis";
import type { FailureThrottle } from "../operator/throttle.ts";
import { createRedisStore } from "./redis-limiter-store.ts";

/** The store as the cluster shares it. */
export type SharedFailureThrottle = FailureThrottle;

/** Creates the store over a Redis connection (a count waits for a reconnection rather than fail). */
export function createRedisFailureThrottle(redis: Redis): SharedFailureThrottle {
  return createRedisStore(redis);
}

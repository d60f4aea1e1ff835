/**
 * Plinko balls in flight in Redis: one sorted set per player (member = ball, score = landing time)
 * that expires with the last ball, so "at most 5 balls per player" holds across every process a
 * player's bets reach. Checking and launching is one Lua script, so two processes cannot both take
 * the fifth slot.
 */
import { randomBytes } from "node:crypto";
import { PLINKO_MAX_BALLS_IN_FLIGHT } from "@casino/protocol";
import type { Redis } from "ioredis";
import { type BallFlights, PLINKO_FLIGHT_MS } from "../games/ball-flights.ts";

/** Where the flights live under the connection's prefix. */
export const FLIGHTS_KEY_PREFIX = "casino:plinko:";

/** Drops landed balls; launches one unless the player has the maximum in flight. 1 when launched. */
const LAUNCH = `
local now = tonumber(ARGV[1])
local landing = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= max then return 0 end
redis.call('ZADD', KEYS[1], landing, ARGV[4])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIRE', KEYS[1], math.max(landing, tonumber(last[2])) - now + 1000)
return 1
`;

type LaunchScript = (key: string, now: number, landing: number, max: number, ball: string) => Promise<number>;

/** A player's balls in flight, counted in Redis for every process. */
export type SharedBallFlights = BallFlights;

/** Creates the counter over a Redis connection, with an injectable clock. */
export function createRedisBallFlights(
  redis: Redis,
  options: { now?: () => number; flightMs?: number; maxBalls?: number } = {},
): SharedBallFlights {
  const now = options.now ?? Date.now;
  const flightMs = options.flightMs ?? PLINKO_FLIGHT_MS;
  const maxBalls = options.maxBalls ?? PLINKO_MAX_BALLS_IN_FLIGHT;
  if (!("casinoLaunchBall" in redis))
    redis.defineCommand("casinoLaunchBall", { numberOfKeys: 1, lua: LAUNCH });
  const launchBall = (redis as unknown as { casinoLaunchBall: LaunchScript }).casinoLaunchBall.bind(redis);
  const keyOf = (userId: string) => `${FLIGHTS_KEY_PREFIX}${userId}`;
  return {
    async launch(userId) {
      const at = now();
      const ball = randomBytes(8).toString("hex");
      if ((await launchBall(keyOf(userId), at, at + flightMs, maxBalls, ball)) !== 1) return undefined;
      return {
        cancel() {
          redis.zrem(keyOf(userId), ball).catch(() => undefined);
        },
      };
    },
    async inFlight(userId) {
      return redis.zcount(keyOf(userId), `(${now()}`, "+inf");
    },
  };
}

/**
 * "Players online": distinct players (or visitors' sessions) with the feed open. Alone, the count
 * is this process's; scaled out, every process refreshes its players in one Redis sorted set
 * (score = last seen) every few seconds and the count is the set's size once stale members go.
 */
import type { Redis } from "ioredis";

/** How often a process refreshes its players and reads the cluster's count. */
export const ONLINE_REFRESH_MS = 3_000;
/** A member not refreshed for this long has gone (its process stopped without saying). */
const ONLINE_STALE_MS = 10_000;

/** The online count of the casino. */
export interface OnlineCounter {
  /** A connection of `key` (a user id or a visitor's session) opened. */
  join(key: string): void;
  /** A connection of `key` closed. */
  leave(key: string): void;
  /** The last known count. */
  count(): number;
  /** Starts the refreshes; `onChange` hears every new count. */
  start(onChange: (online: number) => void): void;
  stop(): Promise<void>;
}

/** Open connections per key in this process. */
function createLocalKeys() {
  const connections = new Map<string, number>();
  return {
    connections,
    /** Counts a connection; true when the key was not connected before. */
    add(key: string): boolean {
      const n = connections.get(key) ?? 0;
      connections.set(key, n + 1);
      return n === 0;
    },
    /** Forgets a connection; true when the key has none left. */
    remove(key: string): boolean {
      const n = (connections.get(key) ?? 0) - 1;
      if (n > 0) connections.set(key, n);
      else connections.delete(key);
      return n <= 0;
    },
  };
}

/** The count of a process alone. */
export function createLocalOnline(): OnlineCounter {
  const keys = createLocalKeys();
  let onChange: ((online: number) => void) | undefined;
  const changed = () => onChange?.(keys.connections.size);
  return {
    join: (key) => keys.add(key) && changed(),
    leave: (key) => keys.remove(key) && changed(),
    count: () => keys.connections.size,
    start(listener) {
      onChange = listener;
    },
    async stop() {
      onChange = undefined;
    },
  };
}

/** The count of a cluster, in the sorted set `key` of a Redis connection. */
export function createRedisOnline(redis: Redis, key: string, now: () => number = Date.now): OnlineCounter {
  const keys = createLocalKeys();
  let online = 0;
  let onChange: ((online: number) => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const refresh = async () => {
    const at = now();
    const members = [...keys.connections.keys()];
    const batch = redis.multi();
    if (members.length > 0) batch.zadd(key, ...members.flatMap((member) => [at, member]));
    batch.zremrangebyscore(key, "-inf", at - ONLINE_STALE_MS);
    batch.zcard(key);
    const results = await batch.exec();
    const counted = Number(results?.[results.length - 1]?.[1] ?? online);
    if (counted !== online) {
      online = counted;
      onChange?.(online);
    }
  };
  const refreshSoon = () => void refresh().catch(() => undefined);
  return {
    join(key) {
      if (keys.add(key)) refreshSoon();
    },
    leave(member) {
      if (keys.remove(member)) redis.zrem(key, member).then(refreshSoon, () => undefined);
    },
    count: () => online,
    start(listener) {
      onChange = listener;
      refreshSoon();
      timer = setInterval(refreshSoon, ONLINE_REFRESH_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      onChange = undefined;
      const members = [...keys.connections.keys()];
      if (members.length > 0) await redis.zrem(key, ...members).catch(() => undefined);
    },
  };
}

/**
 * Redis connections of a scaled-out casino. One URL configures everything: the host, the database
 * index and an optional `?keyPrefix=...` (ioredis reads it from the query string), so several
 * casinos, or a test run, can share one Redis without touching each other's keys.
 */
import { Redis } from "ioredis";

/** Opens a connection that pipelines the commands of one tick (the rate limiter sends many). */
export function openRedis(url: string, name: string): Redis {
  const redis = new Redis(url, {
    connectionName: name,
    enableAutoPipelining: true,
    maxRetriesPerRequest: 2,
  });
  // Without a listener ioredis prints every reconnection attempt as an unhandled error.
  redis.on("error", () => undefined);
  return redis;
}

/** The prefix ioredis puts before every key of this connection ("" when none). */
export function keyPrefixOf(redis: Redis): string {
  return redis.options.keyPrefix ?? "";
}

/** The prefix a Redis URL's connections use, for names ioredis does not prefix (pub/sub channels). */
export function keyPrefixOfUrl(url: string): string {
  try {
    return new URL(url).searchParams.get("keyPrefix") ?? "";
  } catch {
    return "";
  }
}

/** Deletes every key under a prefix (raw, as SCAN sees it); returns how many went. */
export async function deleteKeysWithPrefix(redis: Redis, rawPrefix: string): Promise<number> {
  const connectionPrefix = keyPrefixOf(redis);
  let deleted = 0;
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${escapeGlob(rawPrefix)}*`, "COUNT", 500);
    cursor = next;
    // SCAN answers raw names; UNLINK would prefix them again.
    const names = keys.map((key) =>
      key.startsWith(connectionPrefix) ? key.slice(connectionPrefix.length) : key,
    );
    if (names.length > 0) deleted += await redis.unlink(...names);
  } while (cursor !== "0");
  return deleted;
}

/** Escapes the glob characters of a SCAN pattern. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

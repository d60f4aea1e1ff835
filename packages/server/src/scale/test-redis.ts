/**
 * Redis for tests. Redis is required (CI has it on 127.0.0.1:6379); a contributor without one sets
 * CASINO_SKIP_REDIS=1 to skip those cases explicitly, as CASINO_SKIP_POSTGRES does for PostgreSQL.
 * Each test gets a key prefix of its own and deletes its keys afterwards.
 */
import { randomBytes } from "node:crypto";
import { RedisPresence } from "@colyseus/redis-presence";
import type { Redis } from "ioredis";
import { afterAll, onTestFinished } from "vitest";
import { deleteKeysWithPrefix, openRedis } from "./redis-client.ts";

/** The Redis server of the tests, or undefined when they are skipped. */
export function redisUrlForTests(): string | undefined {
  if (process.env.CASINO_SKIP_REDIS === "1") return undefined;
  return process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/0";
}

/** A Redis URL whose connections write under a fresh prefix, and that prefix. */
export interface TestRedisNamespace {
  url: string;
  prefix: string;
  /** Deletes every key written under the prefix. */
  cleanup(): Promise<void>;
}

/** Makes a fresh key prefix on the test Redis (throws when Redis tests are skipped). */
export function createTestRedisNamespace(label = "t"): TestRedisNamespace {
  const base = redisUrlForTests();
  if (!base) throw new Error("Redis tests are skipped (CASINO_SKIP_REDIS=1)");
  const prefix = `casino_test_${label}_${process.pid}_${randomBytes(4).toString("hex")}:`;
  const url = new URL(base);
  url.searchParams.set("keyPrefix", prefix);
  return {
    url: url.toString(),
    prefix,
    async cleanup() {
      const admin = openRedis(base, "casino-test-cleanup");
      try {
        await deleteKeysWithPrefix(admin, prefix);
      } finally {
        admin.disconnect();
      }
    },
  };
}

/** A connection under a fresh prefix, for one test. */
export function openTestRedis(label?: string): { redis: Redis; namespace: TestRedisNamespace } {
  const namespace = createTestRedisNamespace(label);
  return { redis: openRedis(namespace.url, "casino-test"), namespace };
}

/** The suite's connection under a fresh prefix; its keys are deleted and it is closed after the suite. */
export function useTestRedis(label?: string): { redis: Redis; namespace: TestRedisNamespace } {
  const opened = openTestRedis(label);
  afterAll(async () => {
    await opened.namespace.cleanup();
    opened.redis.disconnect();
  });
  return opened;
}

/** Two Colyseus presences (two processes) over one fresh prefix, shut down after the suite. */
export function useTestPresences(label: string): {
  namespace: TestRedisNamespace;
  presences: RedisPresence[];
} {
  const namespace = createTestRedisNamespace(label);
  const presences = [new RedisPresence(namespace.url), new RedisPresence(namespace.url)];
  afterAll(async () => {
    for (const presence of presences) presence.shutdown();
    await namespace.cleanup();
  });
  return { namespace, presences };
}

/**
 * One store over the test's connection ("here") and one over a second process's connection
 * ("there"); the second connection is closed when the test finishes.
 */
export function inTwoProcesses<Store>(
  opened: { redis: Redis; namespace: TestRedisNamespace },
  build: (redis: Redis) => Store,
): [here: Store, there: Store] {
  const other = openRedis(opened.namespace.url, "casino-test-other");
  onTestFinished(() => other.disconnect());
  return [build(opened.redis), build(other)];
}

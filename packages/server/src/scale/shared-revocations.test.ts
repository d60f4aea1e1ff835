import type { RedisPresence } from "@colyseus/redis-presence";
import { describe, expect, it } from "vitest";
import { createSessionRevocations, type SessionRevocations } from "../auth/revocation.ts";
import {
  createSessionToken,
  findSessionByHash,
  isSessionEnded,
  openSession,
  SESSION_CACHE_MS,
  SESSION_CACHE_WITH_REVOCATIONS_MS,
} from "../auth/sessions.ts";
import { openTestDatabase, type TestDatabase } from "../db/test-databases.ts";
import { createLogger } from "../log.ts";
import { createSharedRevocations, RESUBSCRIBE_SETTLE_MS } from "./shared-revocations.ts";
import { redisUrlForTests, useTestPresences } from "./test-redis.ts";

/** The revocations of one process. */
const processRevocations = () => createSessionRevocations({ log: createLogger("silent") });

/** The token hashes a process's rooms hear about. */
function heard(revocations: SessionRevocations): string[] {
  const hashes: string[] = [];
  revocations.subscribe((hash) => hashes.push(hash));
  return hashes;
}

describe.skipIf(!redisUrlForTests())("createSharedRevocations", () => {
  const { namespace, presences } = useTestPresences("revocations");

  it("ends a session in every process before the revoking call resolves, once in each", async () => {
    const channel = `${namespace.prefix}sessions:revoked`;
    const [here, there] = [processRevocations(), processRevocations()];
    const [sharedHere, sharedThere] = presences.map((p) => createSharedRevocations(p, channel));
    await sharedHere?.start(here);
    await sharedThere?.start(there);
    const [heardHere, heardThere] = [heard(here), heard(there)];
    const { tokenHash } = createSessionToken();

    await here.revoke(tokenHash);
    expect(isSessionEnded(tokenHash)).toBe(true);
    expect(heardHere).toEqual([tokenHash]);
    for (let i = 0; i < 50 && heardThere.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heardThere).toEqual([tokenHash]);
    // The publisher hears its own message on the channel too, and skips it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardHere).toEqual([tokenHash]);

    await sharedHere?.stop();
    await sharedThere?.stop();
  });

  it("ignores malformed messages on the channel", async () => {
    const channel = `${namespace.prefix}sessions:malformed`;
    const revocations = processRevocations();
    const shared = createSharedRevocations(presences[0] as RedisPresence, channel);
    await shared.start(revocations);
    const hashes = heard(revocations);
    await (presences[1] as RedisPresence).publish(channel, { origin: "elsewhere", tokenHash: 42 });
    await (presences[1] as RedisPresence).publish(channel, "nonsense");
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(hashes).toEqual([]);
    await shared.stop();
  });

  describe("the trust in cached sessions", () => {
    let database: TestDatabase;

    /** A session whose row is then deleted behind the cache's back (as a revocation nobody heard). */
    async function cachedSessionWithoutRow(at: number): Promise<string> {
      const { db } = database.handle;
      const id = `u-${at}-${Math.random()}`;
      await db
        .insertInto("users")
        .values({ id, wallet_address: id, username: `cosmic_${id}`, kind: "demo", created_at: at })
        .execute();
      const { tokenHash } = await openSession(db, id, at);
      expect((await findSessionByHash(db, tokenHash, at))?.userId).toBe(id);
      await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
      return tokenHash;
    }

    it("lasts the long window while subscribed, the short one once the subscriber drops, and starts over on reconnection", async () => {
      database = await openTestDatabase("sqlite");
      const { db } = database.handle;
      const presence = presences[0] as RedisPresence;
      const shared = createSharedRevocations(presence, `${namespace.prefix}sessions:trust`);
      await shared.start(processRevocations(), db);
      try {
        const t0 = Date.now();
        const kept = await cachedSessionWithoutRow(t0);
        expect(await findSessionByHash(db, kept, t0 + 2 * SESSION_CACHE_MS)).toBeDefined();
        expect(await findSessionByHash(db, kept, t0 + SESSION_CACHE_WITH_REVOCATIONS_MS)).toBeUndefined();

        const sub = (
          presence as unknown as {
            sub: { disconnect(reconnect: boolean): void; once(e: string, f: () => void): void };
          }
        ).sub;
        const dropped = await cachedSessionWithoutRow(t0);
        const closed = new Promise<void>((resolve) => sub.once("close", resolve));
        const ready = new Promise<void>((resolve) => sub.once("ready", resolve));
        sub.disconnect(true);
        await closed;
        // Down: the short window applies to what was cached before.
        expect(await findSessionByHash(db, dropped, t0 + 2 * SESSION_CACHE_MS)).toBeUndefined();

        const forgotten = await cachedSessionWithoutRow(t0);
        await ready;
        // Back: everything cached before is read again.
        expect(await findSessionByHash(db, forgotten, t0 + 1)).toBeUndefined();
        await new Promise((resolve) => setTimeout(resolve, RESUBSCRIBE_SETTLE_MS + 100));
        const later = Date.now();
        const trustedAgain = await cachedSessionWithoutRow(later);
        expect(await findSessionByHash(db, trustedAgain, later + 2 * SESSION_CACHE_MS)).toBeDefined();
      } finally {
        await shared.stop();
        await database.cleanup();
      }
    });
  });
});

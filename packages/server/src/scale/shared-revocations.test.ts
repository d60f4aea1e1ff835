import { RedisPresence } from "@colyseus/redis-presence";
import { afterAll, describe, expect, it } from "vitest";
import { revocationsOf } from "../auth/revocation.ts";
import { createSessionToken, isSessionEnded } from "../auth/sessions.ts";
import { createLogger } from "../log.ts";
import type { CasinoServices } from "../services.ts";
import { createSharedRevocations } from "./shared-revocations.ts";
import { createTestRedisNamespace, redisUrlForTests } from "./test-redis.ts";

/** Just enough of a casino for its revocations (each object is one process). */
const processServices = () => ({ log: createLogger("silent") }) as unknown as CasinoServices;

/** The token hashes a process's rooms hear about. */
function heard(services: CasinoServices): string[] {
  const hashes: string[] = [];
  revocationsOf(services).subscribe((hash) => hashes.push(hash));
  return hashes;
}

describe.skipIf(!redisUrlForTests())("createSharedRevocations", () => {
  const namespace = createTestRedisNamespace("revocations");
  const presences = [new RedisPresence(namespace.url), new RedisPresence(namespace.url)];
  afterAll(async () => {
    for (const presence of presences) presence.shutdown();
    await namespace.cleanup();
  });

  it("ends a session in every process before the revoking call resolves, once in each", async () => {
    const channel = `${namespace.prefix}sessions:revoked`;
    const [here, there] = [processServices(), processServices()];
    const [sharedHere, sharedThere] = presences.map((p) => createSharedRevocations(p, channel));
    await sharedHere?.start(here);
    await sharedThere?.start(there);
    const [heardHere, heardThere] = [heard(here), heard(there)];
    const { tokenHash } = createSessionToken();

    await revocationsOf(here).revoke(tokenHash);
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
    const services = processServices();
    const shared = createSharedRevocations(presences[0] as RedisPresence, channel);
    await shared.start(services);
    const hashes = heard(services);
    await (presences[1] as RedisPresence).publish(channel, { origin: "elsewhere", tokenHash: 42 });
    await (presences[1] as RedisPresence).publish(channel, "nonsense");
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(hashes).toEqual([]);
    await shared.stop();
  });
});

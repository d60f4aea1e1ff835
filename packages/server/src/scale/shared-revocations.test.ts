import type { RedisPresence } from "@colyseus/redis-presence";
import { describe, expect, it } from "vitest";
import { createSessionRevocations, type SessionRevocations } from "../auth/revocation.ts";
import { createSessionToken, isSessionEnded } from "../auth/sessions.ts";
import { createLogger } from "../log.ts";
import { createSharedRevocations } from "./shared-revocations.ts";
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
});

import type { RedisPresence } from "@colyseus/redis-presence";
import { describe, expect, it } from "vitest";
import type { RoundSettledNotice } from "../games/round-events.ts";
import { createSharedRoundEvents } from "./shared-round-events.ts";
import { redisUrlForTests, useTestPresences } from "./test-redis.ts";

const notice: RoundSettledNotice = { gameType: "blackjack", body: { abandoned: true } };

/** Resolves with the first notice a listener gets, or "nothing" after `ms`. */
function firstNotice(
  events: ReturnType<typeof createSharedRoundEvents>,
  userId: string,
  ms = 1000,
): Promise<RoundSettledNotice | "nothing"> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("nothing"), ms);
    const off = events.subscribe(userId, (got) => {
      clearTimeout(timer);
      off();
      resolve(got);
    });
  });
}

describe.skipIf(!redisUrlForTests())("createSharedRoundEvents", () => {
  const { namespace, presences } = useTestPresences("events");

  it("tells a room in another process that the settler there settled its player's round", async () => {
    const channel = `${namespace.prefix}rounds`;
    const [here, there] = presences.map((p) => createSharedRoundEvents(p, channel)) as [
      ReturnType<typeof createSharedRoundEvents>,
      ReturnType<typeof createSharedRoundEvents>,
    ];
    await here.start();
    await there.start();
    const forAnn = firstNotice(there, "ann");
    const forBen = firstNotice(there, "ben", 300);
    here.publish("ann", notice);
    expect(await forAnn).toEqual(notice);
    expect(await forBen).toBe("nothing");
    // The publisher's own rooms hear it once, through the channel.
    const seen: RoundSettledNotice[] = [];
    const off = here.subscribe("cat", (got) => seen.push(got));
    here.publish("cat", notice);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([notice]);
    off();
    await here.stop();
    await there.stop();
  });

  it("delivers in its own process before it listens to the channel", async () => {
    const events = createSharedRoundEvents(presences[0] as RedisPresence, `${namespace.prefix}early`);
    const got = firstNotice(events, "dan");
    events.publish("dan", notice);
    expect(await got).toEqual(notice);
  });
});

import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../db/test-databases.ts";
import type { FeedBatch, FeedBus } from "./feed-bus.ts";
import type { FeedEntry } from "./feed-entry.ts";
import { createFeedPublisher } from "./feed-publisher.ts";
import { createFloorPlayerCache } from "./floor-players.ts";

/** A bus that keeps what was published. */
function keepingBus(): FeedBus & { published: FeedEntry[] } {
  const published: FeedEntry[] = [];
  return {
    published,
    publish: (batch: FeedBatch) => published.push(...batch.entries),
    start: async () => undefined,
    stop: async () => undefined,
  };
}

function entryOfRound(roundId: string): FeedEntry {
  return {
    id: roundId,
    userId: "no-such-user",
    game: "dice",
    currency: "HC",
    stake: 1_000_000,
    payout: 0,
    at: 1,
    roundId,
    player: "",
    hidden: false,
    high: false,
  };
}

describe("the feed publisher", () => {
  const database = useTestDatabase("sqlite");

  function publisher(bus: FeedBus) {
    const db = database.handle.db;
    return createFeedPublisher({
      db,
      bus,
      players: createFloorPlayerCache(db),
      thresholds: { HC: 1e12, AMINA: 1e12 },
      onError: (error) => {
        throw error;
      },
    });
  }

  it("publishes a round appended after its own commit without reading it again", async () => {
    const bus = keepingBus();
    const feed = publisher(bus);
    // No such row exists: had the flush looked the round up, it would have held it back.
    feed.add(entryOfRound("committed-before-append"), true);
    await feed.flush();
    expect(bus.published.map((e) => e.roundId)).toEqual(["committed-before-append"]);
    expect(bus.published[0]!.player).toBe("cosmic_unknown");
  });

  it("holds back a round handed over inside a caller's transaction until its commit is visible", async () => {
    const bus = keepingBus();
    const feed = publisher(bus);
    feed.add(entryOfRound("inside-a-transaction"));
    feed.add(entryOfRound("committed-before-append"), true);
    await feed.flush();
    expect(bus.published.map((e) => e.roundId)).toEqual(["committed-before-append"]);
  });
});

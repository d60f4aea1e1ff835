/**
 * A round the server settles on its own is announced: the player's open pages (the live feed room)
 * hear of it at once, and the history marks it as settled automatically, unlike a round the player
 * finished.
 */
import { ROUND_SETTLED_NOTICE, type RoundSettledNoticeMessage } from "@casino/protocol/schemas/play-state";
import { afterEach, describe, expect, it } from "vitest";
import { type FeedViewer, joinFeed, waitUntil } from "../floor/feed/test-feed.ts";
import { useCasino } from "../http/test-helpers.ts";
import { ABANDONED_ROUND_TIMEOUT_MS, createAbandonedRoundSettler } from "./abandoned.ts";
import { historyOf, joinAsPlayer } from "./test-helpers.ts";

const casino = useCasino();
const viewers: FeedViewer[] = [];

afterEach(async () => {
  for (const viewer of viewers.splice(0)) await viewer.room.leave();
});

describe("a round the server settles on its own", () => {
  it("is pushed to the player's open pages and marked in the history", async () => {
    const player = await joinAsPlayer(casino);
    const other = await joinAsPlayer(casino);
    const heard: RoundSettledNoticeMessage[] = [];
    const othersHeard: RoundSettledNoticeMessage[] = [];
    const viewer = await joinFeed(casino.url, player.client.token);
    const othersViewer = await joinFeed(casino.url, other.client.token);
    viewers.push(viewer, othersViewer);
    viewer.room.onMessage(ROUND_SETTLED_NOTICE, (message: RoundSettledNoticeMessage) => heard.push(message));
    othersViewer.room.onMessage(ROUND_SETTLED_NOTICE, (message: RoundSettledNoticeMessage) =>
      othersHeard.push(message),
    );

    // A finished round first, then one left open.
    const rolled = await player.client.post("/api/games/dice", {
      betAmount: 2,
      currency: "HC",
      betType: "low",
    });
    expect(rolled.status).toBe(200);
    await player.client.post("/api/games/hilo/start", { bet: 10, currency: "HC" });

    let clock = Date.now();
    const settler = createAbandonedRoundSettler({
      services: casino.services,
      events: casino.services.games.events,
      now: () => clock,
    });
    clock += ABANDONED_ROUND_TIMEOUT_MS + 1000;
    expect(await settler.settleOnce()).toBe(1);

    await waitUntil(() => heard.length > 0, "the notice");
    const [notice] = heard;
    expect(notice).toEqual({
      gameType: "hilo",
      roundId: expect.any(String),
      currency: "HC",
      stake: 10_000_000,
      payout: 9_750_000,
    });
    expect(othersHeard).toEqual([]);

    const rows = (await historyOf(player)) as unknown as {
      id: string;
      gameType: string;
      settledAutomatically: boolean;
    }[];
    const hilo = rows.find((row) => row.gameType === "hilo");
    const dice = rows.find((row) => row.gameType === "dice");
    expect(hilo).toMatchObject({ id: notice?.roundId, settledAutomatically: true });
    expect(dice?.settledAutomatically).toBe(false);
    const page = await player.client.get(`/api/game-sessions/${player.address}?pageSize=5`);
    expect(
      page.body.rounds.map((row: { settledAutomatically: boolean }) => row.settledAutomatically),
    ).toEqual([true, false]);
  });
});

/**
 * The live feed across two casino processes on PostgreSQL and Redis. Invariants: a bet settled on
 * one process reaches a viewer of the other (room and REST); a hidden player stays hidden there;
 * "players online" counts the viewers of both processes; while both processes settle bets a viewer
 * gets one frame per frame interval with the rows of both, not one frame per process.
 */
import { HIDDEN_PLAYER_NAME } from "@casino/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { canRunClusterTests, useTestCluster } from "../../scale/test-cluster.ts";
import { callApi, connectPlayer } from "../../scale/test-players.ts";
import { FEED_FRAME_MS } from "./feed-cadence.ts";
import { type FeedViewer, joinFeed, waitUntil } from "./test-feed.ts";

describe.skipIf(!canRunClusterTests())("the live feed across two processes", () => {
  const cluster = useTestCluster({ processes: 2, label: "feed" });
  const url = (i: number) => cluster.nodes[i]?.url as string;
  const viewers: FeedViewer[] = [];
  afterAll(async () => {
    for (const viewer of viewers) await viewer.room.leave().catch(() => undefined);
  });

  it("shows a bet settled on one process to a viewer of the other, over the room and REST", async () => {
    const alice = await connectPlayer(url(0));
    const bob = await connectPlayer(url(1));
    const bobViewer = await joinFeed(url(1), bob.token);
    const aliceViewer = await joinFeed(url(0), alice.token);
    viewers.push(bobViewer, aliceViewer);
    const bet = await callApi(url(0), "POST", "/api/games/dice", alice.token, {
      betAmount: 1,
      currency: "HC",
      betType: "seven",
    });
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    const roundId = bet.body.round.id as string;
    await waitUntil(() => bobViewer.all.some((row) => row.id === roundId), "bob to see alice's bet");
    expect(bobViewer.all.find((row) => row.id === roundId)?.player).toBe(`cosmic_${alice.address.slice(-8)}`);
    const rest = await callApi(url(1), "GET", "/api/bets/recent?tab=all", bob.token);
    expect(rest.body.rows.map((row: { id: string }) => row.id)).toContain(roundId);
    const mine = await callApi(url(1), "GET", "/api/bets/recent?tab=mine", alice.token);
    expect(mine.body.rows.map((row: { id: string }) => row.id)).toContain(roundId);
    // Both viewers count, whichever process holds their room.
    for (const i of [0, 1]) {
      let online = 0;
      for (let tries = 0; tries < 100 && online < 2; tries++) {
        online = (await callApi(url(i), "GET", "/api/bets/recent", bob.token)).body.online;
        if (online < 2) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(online).toBeGreaterThanOrEqual(2);
    }
  });

  it("keeps a player who hides hidden on the other process", async () => {
    const carol = await connectPlayer(url(1));
    const dave = await connectPlayer(url(0));
    const daveViewer = await joinFeed(url(0), dave.token);
    viewers.push(daveViewer);
    expect((await callApi(url(1), "PUT", "/api/bets/privacy", carol.token, { hidden: true })).status).toBe(
      200,
    );
    const bet = await callApi(url(1), "POST", "/api/games/dice", carol.token, {
      betAmount: 1,
      currency: "HC",
      betType: "high",
    });
    const roundId = bet.body.round.id as string;
    await waitUntil(() => daveViewer.all.some((row) => row.id === roundId), "dave to see carol's bet");
    expect(daveViewer.all.find((row) => row.id === roundId)?.player).toBe(HIDDEN_PLAYER_NAME);
    const rest = await callApi(url(0), "GET", "/api/bets/recent?tab=all", dave.token);
    expect(rest.body.rows.find((row: { id: string }) => row.id === roundId)?.player).toBe(HIDDEN_PLAYER_NAME);
  });

  it("merges both processes' bets into one frame per interval", async () => {
    const players = [await connectPlayer(url(0)), await connectPlayer(url(1))];
    const viewer = await joinFeed(url(1));
    viewers.push(viewer);
    const framesBefore = viewer.frames;
    const started = Date.now();
    const settled: string[] = [];
    // Both processes settle a bet every few milliseconds for a second.
    await Promise.all(
      players.map(async (player, i) => {
        while (Date.now() - started < 1_000) {
          const bet = await callApi(url(i), "POST", "/api/games/dice", player.token, {
            betAmount: 1,
            currency: "HC",
            betType: "low",
          });
          expect(bet.status, JSON.stringify(bet.body)).toBe(200);
          settled.push(bet.body.round.id as string);
        }
      }),
    );
    const last = settled[settled.length - 1] as string;
    await waitUntil(() => viewer.all.some((row) => row.id === last), "the last bet");
    const seconds = (Date.now() - started) / 1000;
    const frames = viewer.frames - framesBefore;
    // One frame per process and flush would be about twice this many.
    expect(frames).toBeLessThanOrEqual(Math.ceil((seconds * 1000) / FEED_FRAME_MS) + 2);
    const names = new Set(viewer.all.filter((row) => settled.includes(row.id)).map((row) => row.player));
    expect(names.size).toBe(2);
  });
});

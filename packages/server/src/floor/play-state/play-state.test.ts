/**
 * PLAY_STATE over the live feed room, with real SDK clients. Invariants: a page learns why bets are
 * paused without placing one: on join, when the operator flips maintenance, and when the player's
 * own cool-off starts (their clients only).
 */
import { PLAY_STATE, type PlayStateMessage } from "@casino/protocol/schemas/play-state";
import { afterEach, describe, expect, it } from "vitest";
import { setMaintenanceMode } from "../../games/maintenance.ts";
import { connectDemoClient, useCasino } from "../../http/test-helpers.ts";
import { type FeedViewer, joinFeed, waitUntil } from "../feed/test-feed.ts";

const casino = useCasino();
const viewers: FeedViewer[] = [];

/** A feed viewer that keeps every PLAY_STATE it hears. */
async function watchPlayState(token?: string) {
  const viewer = await joinFeed(casino.url, token, false);
  viewers.push(viewer);
  const heard: PlayStateMessage[] = [];
  viewer.room.onMessage(PLAY_STATE, (message: PlayStateMessage) => heard.push(message));
  await waitUntil(() => heard.length > 0, "the first play state");
  return heard;
}

afterEach(async () => {
  await setMaintenanceMode(casino.handle.db, false);
  for (const viewer of viewers.splice(0)) await viewer.room.leave();
});

describe("the play state pushed to open pages", () => {
  it("tells a visitor and a player the maintenance switch on join and when it flips", async () => {
    const player = await connectDemoClient(casino.url);
    const visitor = await watchPlayState();
    const own = await watchPlayState(player.client.token);
    expect(visitor[0]).toEqual({ maintenance: false, pause: null });
    expect(own[0]).toEqual({ maintenance: false, pause: { exclusion: null, sessionLimit: null } });

    await setMaintenanceMode(casino.handle.db, true);
    await waitUntil(() => visitor.some((m) => m.maintenance === true), "maintenance on", 10_000);
    await waitUntil(() => own.some((m) => m.maintenance === true), "maintenance on for the player", 10_000);
    await setMaintenanceMode(casino.handle.db, false);
    await waitUntil(() => visitor.at(-1)?.maintenance === false, "maintenance off", 10_000);
  });

  it("pushes a started cool-off to the player's own pages only", async () => {
    const player = await connectDemoClient(casino.url);
    const other = await connectDemoClient(casino.url);
    const own = await watchPlayState(player.client.token);
    const others = await watchPlayState(other.client.token);
    const cooled = await player.client.post("/api/cool-off", { hours: 24 });
    expect(cooled.status).toBe(200);
    await waitUntil(() => own.some((m) => m.pause?.exclusion), "the cool-off");
    const pushed = own.find((m) => m.pause?.exclusion)?.pause;
    expect(pushed?.exclusion).toEqual({ kind: "cool_off", until: Date.parse(cooled.body.exclusion.until) });
    expect(others.some((m) => m.pause?.exclusion)).toBe(false);
  });

  it("pushes a session time limit with the session it measures, moved on by the player's bets", async () => {
    const player = await connectDemoClient(casino.url);
    const own = await watchPlayState(player.client.token);
    expect((await player.client.request("PUT", "/api/limits", { body: { sessionMinutes: 30 } })).status).toBe(
      200,
    );
    await waitUntil(() => own.some((m) => m.pause?.sessionLimit), "the session limit");
    expect(own.find((m) => m.pause?.sessionLimit)?.pause?.sessionLimit).toEqual({
      minutes: 30,
      session: null,
    });
    const before = Date.now();
    const bet = await player.client.post("/api/games/dice", { betAmount: 1, currency: "HC", betType: "low" });
    expect(bet.status).toBe(200);
    // A page opened now is told the running session too.
    const later = await watchPlayState(player.client.token);
    const session = later[0]?.pause?.sessionLimit?.session;
    expect(session?.startedAt).toBeGreaterThanOrEqual(before);
    expect(session?.lastAt).toBeGreaterThanOrEqual(session?.startedAt ?? Number.POSITIVE_INFINITY);
  });
});

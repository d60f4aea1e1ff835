/**
 * The live feed with real clients over HTTP and the live_feed room. Invariants: a settled bet by one
 * player reaches every other player (REST and room) under their `cosmic_` name and never their
 * wallet; a hidden player is "Hidden" to others and themselves in My bets; High rollers holds only
 * rows at the threshold; a row links to its round's verify fields only once the seed is revealed.
 */
import { FEED_TAB_SIZE, HIDDEN_PLAYER_NAME } from "@casino/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { type ApiClient, connectDemoClient, useCasino } from "../../http/test-helpers.ts";
import { type FeedViewer, joinFeed, waitUntil } from "./test-feed.ts";

const casino = useCasino();
const viewers: FeedViewer[] = [];

/** A connected player with a viewer in the feed room. */
async function makePlayer() {
  const player = await connectDemoClient(casino.url);
  const viewer = await joinFeed(casino.url, player.client.token);
  viewers.push(viewer);
  return { ...player, viewer };
}

/** Rolls the dice through REST; returns the round id. */
async function rollDice(client: ApiClient, betAmount = 1): Promise<string> {
  const answer = await client.post("/api/games/dice", { betAmount, currency: "HC", betType: "low" });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.round.id as string;
}

afterEach(async () => {
  for (const viewer of viewers.splice(0)) await viewer.room.leave();
});

describe("the live bets feed", () => {
  it("shows one player's settled bet to another over the room and over REST, by username only", async () => {
    const alice = await makePlayer();
    const bob = await makePlayer();
    const roundId = await rollDice(alice.client);
    await waitUntil(() => bob.viewer.all.some((row) => row.id === roundId), "bob to see alice's bet");
    const row = bob.viewer.all.find((r) => r.id === roundId);
    expect(row).toMatchObject({ game: "dice", currency: "HC", stake: 1, seedRevealed: false });
    expect(row?.player).toMatch(/^cosmic_/);
    expect(row?.player).toBe(`cosmic_${alice.address.slice(-8)}`);
    expect(JSON.stringify(bob.viewer.all)).not.toContain(alice.address);
    // My bets: alice hears her own row, bob does not.
    await waitUntil(() => alice.viewer.mine.some((r) => r.id === roundId), "alice's own row");
    expect(bob.viewer.mine.some((r) => r.id === roundId)).toBe(false);

    const all = await bob.client.get("/api/bets/recent?tab=all");
    expect(all.status).toBe(200);
    expect(all.body.rows[0]).toMatchObject({ id: roundId, player: row?.player, game: "dice" });
    expect(all.body.rows.length).toBeLessThanOrEqual(FEED_TAB_SIZE);
    expect(all.body.online).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(all.body)).not.toContain(alice.address);
    const mine = await alice.client.get("/api/bets/recent?tab=mine");
    expect(mine.body.rows.map((r: { id: string }) => r.id)).toContain(roundId);
    const bobsOwn = await bob.client.get("/api/bets/recent?tab=mine");
    expect(bobsOwn.body.rows.map((r: { id: string }) => r.id)).not.toContain(roundId);
  });

  it("shows a hidden player as Hidden to others, and by name in their own My bets", async () => {
    const carol = await makePlayer();
    const dave = await makePlayer();
    const before = await rollDice(carol.client);
    await waitUntil(() => dave.viewer.all.some((r) => r.id === before), "carol's visible bet");
    const put = await carol.client.request("PUT", "/api/bets/privacy", { body: { hidden: true } });
    expect(put.status, put.text).toBe(200);
    expect((await carol.client.get("/api/bets/privacy")).body).toEqual({ hidden: true });
    const after = await rollDice(carol.client);
    await waitUntil(() => dave.viewer.all.some((r) => r.id === after), "carol's hidden bet");
    expect(dave.viewer.all.find((r) => r.id === after)?.player).toBe(HIDDEN_PLAYER_NAME);

    const seen = (await dave.client.get("/api/bets/recent?tab=all")).body.rows as {
      id: string;
      player: string;
    }[];
    // Rows kept from before she hid follow her new setting too.
    for (const id of [before, after]) expect(seen.find((r) => r.id === id)?.player).toBe(HIDDEN_PLAYER_NAME);
    expect(JSON.stringify(seen)).not.toContain(`cosmic_${carol.address.slice(-8)}`);
    await waitUntil(() => carol.viewer.mine.some((r) => r.id === after), "carol's own hidden row");
    expect(carol.viewer.mine.find((r) => r.id === after)?.player).toBe(`cosmic_${carol.address.slice(-8)}`);
    const own = (await carol.client.get("/api/bets/recent?tab=mine")).body.rows as {
      id: string;
      player: string;
    }[];
    expect(own.find((r) => r.id === after)?.player).toBe(`cosmic_${carol.address.slice(-8)}`);
  });

  it("lists a bet at the threshold under High rollers and a small one not", async () => {
    const erin = await makePlayer();
    const small = await rollDice(erin.client, 1);
    const big = await rollDice(erin.client, 100);
    await waitUntil(() => erin.viewer.all.some((r) => r.id === big), "the big bet");
    expect(erin.viewer.all.find((r) => r.id === big)?.high).toBe(true);
    expect(erin.viewer.all.find((r) => r.id === small)?.high).toBe(false);
    const high = (await erin.client.get("/api/bets/recent?tab=high")).body.rows as { id: string }[];
    expect(high.map((r) => r.id)).toContain(big);
    expect(high.map((r) => r.id)).not.toContain(small);
  });

  it("links a row to its verify fields only once the server seed is revealed", async () => {
    const frank = await makePlayer();
    const roundId = await rollDice(frank.client);
    await waitUntil(() => frank.viewer.all.some((r) => r.id === roundId), "frank's bet");
    const hidden = (await frank.client.get("/api/bets/recent?tab=mine")).body.rows[0];
    expect(hidden).toMatchObject({ id: roundId, seedRevealed: false });
    expect(hidden.verify).toBeUndefined();
    const rotated = await frank.client.post("/api/game-seeds/new-server-seed", {});
    expect(rotated.status, rotated.text).toBe(200);
    const shown = (await frank.client.get("/api/bets/recent?tab=mine")).body.rows[0];
    expect(shown).toMatchObject({
      id: roundId,
      seedRevealed: true,
      verify: { serverSeed: rotated.body.previousServerSeed, nonce: 0, input: { betType: "low" } },
    });
  });

  it("answers visitors the public tabs, refuses My bets without a session and a bad tab", async () => {
    const visitor = await joinFeed(casino.url);
    viewers.push(visitor);
    expect(visitor.snapshot?.mine).toEqual([]);
    const anonymous = await fetch(`${casino.url}/api/bets/recent?tab=mine`);
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${casino.url}/api/bets/recent`)).status).toBe(200);
    const bad = await fetch(`${casino.url}/api/bets/recent?tab=everything`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe("input/invalid");
    const player = await connectDemoClient(casino.url);
    const badBody = await player.client.request("PUT", "/api/bets/privacy", { body: { hidden: "yes" } });
    expect(badBody.status).toBe(400);
  });
});

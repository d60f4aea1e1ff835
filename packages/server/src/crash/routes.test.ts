import { hashChainLink } from "@casino/protocol/games/crash/chain";
import { crashPointOf } from "@casino/protocol/games/crash/crash-point";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { describe, expect, it } from "vitest";
import { connectDemoClient, snapshotMoney, useCasino } from "../http/test-helpers.ts";
import { CRASH_ROOM } from "../rooms/crash/crash-room.ts";
import { TEST_CHAIN } from "./engine.test-helpers.ts";

/** Waits for a room message of a type that passes `accept`. */
function nextMessage<T>(room: Room, type: string, accept: (body: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => {
    const stop = room.onMessage(type, (body: T) => {
      if (!accept(body)) return;
      stop();
      resolve(body);
    });
  });
}

describe("Supernova over REST and the crash room", () => {
  // Round 1 of the test chain crashes at 5.02x (about 27 s of flight), round 2 at 3.04x.
  const casino = useCasino({
    crash: {
      chainLength: TEST_CHAIN.length,
      testChain: TEST_CHAIN,
      bettingMs: 2_000,
      pauseMs: 500,
      tickMs: 10,
    },
  });

  it("bets once per Idempotency-Key, refuses bad bodies unchanged, shows a rejoining player their play, and cashes out at the server's multiplier in the room", async () => {
    await casino.services.crash.ready();
    const { client, address } = await connectDemoClient(casino.url);
    const state = await client.get("/api/crash/state/HC");
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({
      number: 1,
      phase: "betting",
      terminal: TEST_CHAIN.terminal,
      salt: TEST_CHAIN.salt,
    });

    const before = await snapshotMoney(casino.handle.db);
    for (const bad of [
      { betAmount: 0, currency: "HC" },
      { betAmount: 5, currency: "HC", autoCashOut: 0.5 },
      { betAmount: "ten", currency: "HC" },
      { betAmount: 5, currency: "HC", crashPoint: 100 },
    ]) {
      const refused = await client.post("/api/crash/bet", bad);
      expect(refused.status).toBe(400);
    }
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    const early = await client.post("/api/crash/cashout", { currency: "HC" });
    expect([early.status, early.body.code]).toEqual([409, "crash/no_bet"]);

    const key = { "Idempotency-Key": "crash-bet-1" };
    const placed = await client.post("/api/crash/bet", { betAmount: 10, currency: "HC" }, key);
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({
      roundNumber: 1,
      betAmount: 10,
      status: "playing",
      houseBalance: "990",
    });
    const again = await client.post("/api/crash/bet", { betAmount: 10, currency: "HC" }, key);
    expect(again.body).toEqual(placed.body);
    const twice = await client.post("/api/crash/bet", { betAmount: 10, currency: "HC" });
    expect(twice.body.code).toBe("crash/already_bet");

    // A second player bets and cashes out through the room.
    const second = await connectDemoClient(casino.url);
    const sdk = new VersionedClient(casino.url);
    sdk.auth.token = second.client.token ?? "";
    const room = await sdk.joinOrCreate(CRASH_ROOM, { currency: "HC" });
    const placedInRoom = nextMessage<{ action: string; betAmount: number }>(room, "result");
    // The player alone is told of their own play, taken and then cashed out automatically.
    const ownAuto = nextMessage<{ number: number; play: { cashedOutAt: number | null } }>(
      room,
      "play",
      (f) => f.play.cashedOutAt === 120,
    );
    room.send("bet", { betAmount: 5, autoCashOut: 1.2 });
    expect(await placedInRoom).toMatchObject({ action: "bet", betAmount: 5 });
    const flight = await nextMessage<{ number: number; startedAt: number }>(room, "flight");
    expect(flight.number).toBe(1);
    // The auto cash-out at 1.20x shows up in a batched events frame, with the round's totals.
    const autoFrame = await nextMessage<{
      plays: { cashedOutAt: number | null }[];
      totals: { players: number; staked: number; paidOut: number; cashedOut: number };
    }>(room, "events", (f) => f.plays.some((p) => p.cashedOutAt === 120));
    expect(autoFrame.plays.find((p) => p.cashedOutAt === 120)).toBeDefined();
    expect(autoFrame.totals).toMatchObject({
      players: 2,
      staked: 15_000_000,
      cashedOut: 1,
      paidOut: 6_000_000,
    });
    expect((await ownAuto).number).toBe(1);
    // The first player, who bet over REST, opens the room mid-flight (a reload): the snapshot, then
    // their own play, not yet cashed out.
    const reloaded = new VersionedClient(casino.url);
    reloaded.auth.token = client.token ?? "";
    const rejoined = await reloaded.joinOrCreate(CRASH_ROOM, { currency: "HC" });
    const ownOnJoin = await nextMessage<{
      number: number;
      play: { stake: number; cashedOutAt: number | null };
    }>(rejoined, "play");
    expect(ownOnJoin).toMatchObject({ number: 1, play: { stake: 10_000_000, cashedOutAt: null } });
    rejoined.leave();
    // The first player cashes out over REST: paid at what the server's clock gives, above 1.20x.
    const cashed = await client.post("/api/crash/cashout", { currency: "HC" });
    expect(cashed.status).toBe(200);
    expect(cashed.body.cashedOutAt).toBeGreaterThanOrEqual(1.2);
    expect(cashed.body.winAmount).toBeCloseTo(10 * cashed.body.cashedOutAt, 6);
    const late = await client.post("/api/crash/cashout", { currency: "HC" });
    expect(late.status).toBe(409);

    // The round appears in both players' histories; its hash is shown once the flight is over.
    const history = await client.get(`/api/game-sessions/${address}`);
    const row = (history.body as { gameType: string; winAmount: number }[]).find(
      (r) => r.gameType === "crash",
    );
    expect(row?.winAmount).toBeCloseTo(cashed.body.winAmount, 6);
    const hidden = await client.get("/api/crash/rounds/HC/1");
    expect(hidden.status).toBe(404);
    room.leave();
  }, 60_000);

  it("answers malformed room messages with input/invalid, records them, and drops the client at the third", async () => {
    const player = await connectDemoClient(casino.url);
    const sdk = new VersionedClient(casino.url);
    sdk.auth.token = player.client.token ?? "";
    const room = await sdk.joinOrCreate(CRASH_ROOM, { currency: "HC" });
    const errors: { code: string }[] = [];
    room.onMessage("error", (body: { code: string }) => errors.push(body));
    const left = new Promise<number>((resolve) => room.onLeave((code) => resolve(code ?? 0)));
    const bad = await room.request("bet", { betAmount: -1 });
    expect(bad).toMatchObject({ action: "bet", code: "input/invalid" });
    expect(await room.request("bet", { betAmount: 1, currency: "AMINA" })).toMatchObject({
      code: "input/invalid",
    });
    room.send("launch", { multiplier: 1000 });
    expect(await left).toBeGreaterThan(1000);
    await casino.flushSecurityEvents();
    const events = await casino.handle.db
      .selectFrom("security_events")
      .select("location")
      .where("type", "=", "malformed_input")
      .execute();
    expect(events.filter((e) => e.location.startsWith("room crash")).length).toBe(3);
  }, 30_000);

  it("publishes a finished round's hash, salt and crash point, which verify against the terminal", async () => {
    const { client } = await connectDemoClient(casino.url);
    // Wait for round 1 to end (5.02x: about 27 s of flight).
    let verified: { status: number; body: Record<string, unknown> } | undefined;
    for (let i = 0; i < 80 && verified?.status !== 200; i++) {
      verified = await client.get("/api/crash/rounds/HC/1");
      if (verified.status !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    expect(verified?.status).toBe(200);
    const body = verified?.body as { hash: string; salt: string; crashPoint: number; terminal: string };
    expect(hashChainLink(body.hash)).toBe(body.terminal);
    expect(crashPointOf(body.hash, body.salt)).toBe(body.crashPoint);
    expect(body.crashPoint).toBe(TEST_CHAIN.crashPoints[0]);
    expect((await client.get("/api/crash/rounds/XYZ/1")).status).toBe(400);
  }, 60_000);
});

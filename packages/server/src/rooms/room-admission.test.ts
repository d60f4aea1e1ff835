import { explainClose, PROTOCOL_VERSION, PROTOCOL_VERSION_OPTION } from "@casino/protocol";
import { POKER_LOBBY_ROOM } from "@casino/protocol/schemas/poker";
import { VersionedClient } from "@casino/sdk/versioned-client";
import { ErrorCode, matchMaker } from "@colyseus/core";
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectDemoClient, startTestCasino, type TestCasino, useCasino } from "../http/test-helpers.ts";
import { GAME_ROOM } from "./games/game-room.ts";
import { ROOM_RATE_LIMITED } from "./room-admission.ts";

/** The matchmaking failure of a promise (code and message), or a failure of the test if it succeeded. */
async function refusal(attempt: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    const room = (await attempt) as Room;
    await room.leave();
  } catch (error) {
    const { code, message } = error as { code: number; message: string };
    return { code, message };
  }
  throw new Error("expected the matchmaking request to be refused");
}

/** Stored security events of a rule. */
async function eventsOfRule(casino: TestCasino, rule: string) {
  await casino.flushSecurityEvents();
  return casino.handle.db.selectFrom("security_events").selectAll().where("rule", "=", rule).execute();
}

/** A client signed in as a new demo wallet. */
async function signedInClient(casino: TestCasino): Promise<VersionedClient> {
  const { client } = await connectDemoClient(casino.url);
  const sdk = new VersionedClient(casino.url);
  sdk.auth.token = client.token ?? "";
  return sdk;
}

const lobbies = async () => (await matchMaker.query({ name: POKER_LOBBY_ROOM })).length;

describe("room creation", () => {
  let casino: TestCasino;
  const open: Room[] = [];
  beforeAll(async () => {
    casino = await startTestCasino({ rateLimit: { roomCreatePerMinute: 0.06, roomCreateBurst: 3 } });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((room) => room.leave()));
  });
  afterAll(() => casino?.stop());

  it("lets visitors without a session join the server's lobby but open no room", async () => {
    expect(await lobbies()).toBe(1);
    for (let i = 0; i < 3; i++)
      open.push(await new VersionedClient(casino.url).joinOrCreate(POKER_LOBBY_ROOM));
    expect(new Set(open.map((room) => room.roomId)).size).toBe(1);

    const lobby = await refusal(new VersionedClient(casino.url).create(POKER_LOBBY_ROOM));
    expect(lobby).toEqual({ code: ErrorCode.AUTH_FAILED, message: "Connect a wallet to open a room" });
    expect(
      await refusal(new VersionedClient(casino.url).create(GAME_ROOM, { gameType: "dice" })),
    ).toMatchObject({
      code: ErrorCode.AUTH_FAILED,
    });
    expect(await lobbies()).toBe(1);
    expect(await eventsOfRule(casino, "room-create-session")).toHaveLength(1);
  });

  it("refuses a source address past its room-creation budget with a clear error", async () => {
    const player = await signedInClient(casino);
    for (let i = 0; i < 3; i++) open.push(await player.create(POKER_LOBBY_ROOM));
    expect(await lobbies()).toBe(4);

    const over = await refusal(player.create(POKER_LOBBY_ROOM));
    expect(over.code).toBe(ROOM_RATE_LIMITED);
    expect(over.message).toMatch(/^Too many rooms opened from this address: retry in \d+ s$/);
    // Another player from the same address shares the budget.
    const other = await signedInClient(casino);
    expect((await refusal(other.joinOrCreate(GAME_ROOM, { gameType: "dice" }))).code).toBe(ROOM_RATE_LIMITED);
    expect(await lobbies()).toBe(4);
    // Joining a room that exists opens nothing and is not refused.
    open.push(await other.joinOrCreate(POKER_LOBBY_ROOM));
    const events = await eventsOfRule(casino, "room-create-limit");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "rate_limited", location: "room lobby create", blocked: 1 });
  });

  it("ignores an admission mark the client sends itself", async () => {
    const forged = { casinoAdmission: { source: "198.51.100.1", signedIn: true } };
    expect((await refusal(new VersionedClient(casino.url).create(POKER_LOBBY_ROOM, forged))).code).toBe(
      ErrorCode.AUTH_FAILED,
    );
  });
});

describe("protocol version", () => {
  const casino = useCasino();

  it("refuses a join naming another protocol version with its code and a reload message", async () => {
    const stale = { [PROTOCOL_VERSION_OPTION]: PROTOCOL_VERSION + 1 };
    const refused = await refusal(new Client(casino.url).joinOrCreate(POKER_LOBBY_ROOM, stale));
    expect(explainClose(refused.code)).toMatchObject({ code: "protocol/version_mismatch" });
    expect(refused.message).toMatch(/reload/);
    const player = new Client(casino.url);
    player.auth.token = (await signedInClient(casino)).auth.token ?? "";
    expect((await refusal(player.joinOrCreate(GAME_ROOM, { gameType: "dice", ...stale }))).code).toBe(
      refused.code,
    );

    const current = { [PROTOCOL_VERSION_OPTION]: PROTOCOL_VERSION };
    await (await new Client(casino.url).joinOrCreate(POKER_LOBBY_ROOM, current)).leave();
  });

  it("refuses a join that names no protocol version, and lets a reconnection resume without one", async () => {
    const bare = await refusal(new Client(casino.url).joinOrCreate(POKER_LOBBY_ROOM));
    expect(explainClose(bare.code)).toMatchObject({ code: "protocol/version_mismatch" });
    const player = await signedInClient(casino);
    const bareGame = new Client(casino.url);
    bareGame.auth.token = player.auth.token ?? "";
    expect((await refusal(bareGame.joinOrCreate(GAME_ROOM, { gameType: "dice" }))).code).toBe(bare.code);

    const room = await player.joinOrCreate(GAME_ROOM, { gameType: "dice" });
    const token = room.reconnectionToken;
    room.connection.close(4000);
    const resumed = await new Client(casino.url).reconnect(token);
    expect(resumed.roomId).toBe(room.roomId);
    await resumed.leave();
  });
});

describe("matchmaking budget per address", () => {
  const casino = useCasino({ rateLimit: { roomJoinPerSecond: 0.001, roomJoinBurst: 4 } });

  it("refuses joins past the budget with 429, also when X-Forwarded-For rotates", async () => {
    for (let i = 0; i < 4; i++)
      await (await new VersionedClient(casino.url).joinOrCreate(POKER_LOBBY_ROOM)).leave();
    const over = await refusal(new VersionedClient(casino.url).joinOrCreate(POKER_LOBBY_ROOM));
    expect(over.code).toBe(ROOM_RATE_LIMITED);
    expect(over.message).toMatch(/^Too many room requests from this address: retry in \d+ s$/);

    for (let i = 1; i <= 3; i++) {
      const answer = await fetch(`${casino.url}/matchmake/joinOrCreate/${POKER_LOBBY_ROOM}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `203.0.113.${i}`,
          "x-real-ip": `198.51.100.${i}`,
        },
        body: "{}",
      });
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    }
    const events = await eventsOfRule(casino, "room-join-limit");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "rate_limited", blocked: 1 });
  });
});

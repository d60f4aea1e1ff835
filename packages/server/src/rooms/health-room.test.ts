import { PROTOCOL_VERSION, PROTOCOL_VERSION_OPTION } from "@casino/protocol";
import { VersionedClient } from "@casino/sdk/versioned-client";
import { CloseCode } from "@colyseus/core";
import { describe, expect, it } from "vitest";
import { connectDemoClient, useCasino } from "../http/test-helpers.ts";
import { HEALTH_ROOM } from "./health-room.ts";

/** Waits for the next message of a type on a room. */
function nextMessage<T>(
  room: { onMessage(type: string, cb: (payload: T) => void): () => void },
  type: string,
) {
  return new Promise<T>((resolve) => {
    const off = room.onMessage(type, (payload) => {
      off();
      resolve(payload);
    });
  });
}

describe("Colyseus joins authenticate with the casino session", () => {
  const casino = useCasino();

  it("refuses a join without a session or with a forged token, and records it", async () => {
    await expect(new VersionedClient(casino.url).joinOrCreate(HEALTH_ROOM)).rejects.toThrow();
    const forged = new VersionedClient(casino.url);
    forged.auth.token = "A".repeat(43);
    await expect(forged.joinOrCreate(HEALTH_ROOM)).rejects.toThrow();
    await casino.flushSecurityEvents();
    const events = await casino.handle.db
      .selectFrom("security_events")
      .selectAll()
      .where("location", "=", `room ${HEALTH_ROOM}`)
      .execute();
    expect(events.map((e) => e.details).sort()).toEqual([
      "join with an unknown or expired session",
      "join without a session",
    ]);
  });

  it("accepts the session token and knows the wallet in the room", async () => {
    const { client: http, address } = await connectDemoClient(casino.url);
    const sdk = new VersionedClient(casino.url);
    sdk.auth.token = http.token!;
    const room = await sdk.joinOrCreate(HEALTH_ROOM);
    try {
      const welcome = nextMessage<{ walletAddress: string }>(room, "welcome");
      expect((await welcome).walletAddress).toBe(address);
      const pong = nextMessage<{ walletAddress: string }>(room, "pong");
      room.send("ping");
      expect((await pong).walletAddress).toBe(address);
    } finally {
      await room.leave();
    }
  });

  it("drops a client whose ping carries a payload (validated message)", async () => {
    const { client: http } = await connectDemoClient(casino.url);
    const sdk = new VersionedClient(casino.url);
    sdk.auth.token = http.token!;
    const room = await sdk.joinOrCreate(HEALTH_ROOM);
    room.onMessage("welcome", () => undefined);
    const left = new Promise<number>((resolve) => room.onLeave((code) => resolve(code)));
    room.send("ping", { extra: true });
    expect(await left).toBe(CloseCode.WITH_ERROR);
  });

  it("accepts the browser's session cookie on the matchmaking request", async () => {
    const { client: http } = await connectDemoClient(casino.url);
    const reserve = (headers: Record<string, string>) =>
      fetch(`${casino.url}/matchmake/joinOrCreate/${HEALTH_ROOM}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ [PROTOCOL_VERSION_OPTION]: PROTOCOL_VERSION }),
      });
    const withCookie = await reserve({ cookie: `casino_session=${http.token}` });
    expect(withCookie.status).toBe(200);
    expect(await withCookie.json()).toMatchObject({ sessionId: expect.any(String) });
    expect((await reserve({ cookie: "casino_session=nope" })).ok).toBe(false);
  });

  it("stops accepting the token once the session is ended", async () => {
    const { client: http } = await connectDemoClient(casino.url);
    const token = http.token!;
    await http.request("DELETE", "/api/session");
    const sdk = new VersionedClient(casino.url);
    sdk.auth.token = token;
    await expect(sdk.joinOrCreate(HEALTH_ROOM)).rejects.toThrow();
  });
});

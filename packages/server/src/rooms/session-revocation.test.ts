import { coins } from "@casino/protocol";
import { POKER_LOBBY_ROOM } from "@casino/protocol/schemas/poker";
import { PokerLobbyState } from "@casino/protocol/schemas/poker-table-state";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SESSION_ENDED_CLOSE_CODE } from "../auth/revocation.ts";
import { forgetCachedSession, hashToken } from "../auth/sessions.ts";
import { randomDemoAddress, snapshotMoney, type TestCasino } from "../http/test-helpers.ts";
import { getBalances } from "../ledger/ledger.ts";
import { createPlayer, expectMoneyConserved, startPokerCasino } from "../poker/test-helpers.ts";
import { GAME_ROOM } from "./games/game-room.ts";
import { act } from "./games/test-room.ts";
import { joinTableRoom, sendAndWait } from "./poker/test-clients.ts";
import { SESSION_ENDED_CODE } from "./session-guard.ts";

const TABLE = "nebula-amina-micro";

type Player = Awaited<ReturnType<typeof createPlayer>>;

/** Joins the player's dice room with a session token. */
function joinDice(casino: TestCasino, token: string): Promise<Room> {
  const sdk = new VersionedClient(casino.url);
  sdk.auth.token = token;
  return sdk.joinOrCreate(GAME_ROOM, { gameType: "dice" });
}

/** Joins the poker lobby as a signed-in watcher. */
function joinLobby(casino: TestCasino, token: string): Promise<Room> {
  const sdk = new VersionedClient(casino.url);
  sdk.auth.token = token;
  return sdk.join(POKER_LOBBY_ROOM, {}, PokerLobbyState);
}

/** Resolves with the close code a room's connection ends with (or "open" after `ms`). */
function closeCodeOf(room: Room, ms = 3000): Promise<number | "open"> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("open"), ms);
    room.onLeave((code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Drops a room's connection as a network failure would, leaving the server to hold the seat. */
async function dropConnection(room: Room): Promise<void> {
  room.reconnection.enabled = false;
  const dropped = new Promise<void>((resolve) => room.onDrop(() => resolve()));
  room.connection.close();
  await dropped.catch(() => undefined);
}

/** Polls until `check` holds (or fails after `ms`). */
async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 3000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const aminaOf = async (casino: TestCasino, player: Player) =>
  (await getBalances(casino.handle.db, player.userId)).AMINA;

describe("ending a session ends its rooms", () => {
  let casino: TestCasino;
  const rooms: Room[] = [];
  const track = <R extends Room>(room: R): R => {
    rooms.push(room);
    return room;
  };
  beforeAll(async () => {
    // A long reconnection grace: a seat released below is released by the revocation, not by time.
    casino = await startPokerCasino({ reconnectGraceMs: 60_000, actionTimeoutMs: 15_000 });
  });
  afterEach(async () => {
    for (const room of rooms.splice(0)) if (room.connection.isOpen) await room.leave().catch(() => undefined);
    await expectMoneyConserved(casino);
  });
  afterAll(() => casino?.stop());

  it("DELETE /api/session closes its game, poker and lobby clients with 4401 and refuses them back", async () => {
    const player = await createPlayer(casino, 1);
    const dice = track(await joinDice(casino, player.token));
    expect((await act(dice, "roll", { betAmount: 1, currency: "HC", betType: "low" })).kind).toBe("result");
    const table = track(await joinTableRoom(casino.url, player.token, TABLE));
    expect((await sendAndWait(table, "sit", { buyInAmount: 0.1 })).kind).toBe("result");
    const lobby = track(await joinLobby(casino, player.token));
    expect(await aminaOf(casino, player)).toBe(coins(0.9));
    const codes = [dice, table, lobby].map((room) => closeCodeOf(room));

    expect((await player.client.request("DELETE", "/api/session")).status).toBe(204);

    expect(await Promise.all(codes)).toEqual([
      SESSION_ENDED_CLOSE_CODE,
      SESSION_ENDED_CLOSE_CODE,
      SESSION_ENDED_CLOSE_CODE,
    ]);
    // No reconnection and no new join with the ended session.
    await expect(new VersionedClient(casino.url).reconnect(dice.reconnectionToken)).rejects.toThrow();
    await expect(new VersionedClient(casino.url).reconnect(table.reconnectionToken)).rejects.toThrow();
    await expect(joinDice(casino, player.token)).rejects.toThrow();
    await expect(joinTableRoom(casino.url, player.token, TABLE)).rejects.toThrow();
    // The seat went with the session and its stack went back to the wallet.
    const hosted = casino.services.poker.hostedTable(TABLE);
    await eventually(() => hosted?.seatOf(player.userId) === null, "the seat to be released");
    await eventually(async () => (await aminaOf(casino, player)) === coins(1), "the stack to be paid back");
  });

  it("refuses dice bets and a buy-in of a session ended elsewhere whose revocation has not arrived", async () => {
    const player = await createPlayer(casino, 1);
    const dice = track(await joinDice(casino, player.token));
    const table = track(await joinTableRoom(casino.url, player.token, TABLE));
    expect((await act(dice, "roll", { betAmount: 1, currency: "HC", betType: "low" })).kind).toBe("result");
    // Another process ended it: the row is gone and this process's cache entry has expired.
    const tokenHash = hashToken(player.token);
    await casino.handle.db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
    forgetCachedSession(tokenHash);
    const before = await snapshotMoney(casino.handle.db);
    const codes = [dice, table].map((room) => closeCodeOf(room));

    const bet = await act(dice, "roll", { betAmount: 1, currency: "HC", betType: "low" });
    expect(bet).toMatchObject({ kind: "error", body: { action: "roll", code: SESSION_ENDED_CODE } });
    const sat = await sendAndWait(table, "sit", { buyInAmount: 0.1 });
    expect(sat).toMatchObject({ kind: "error", body: { action: "sit", code: SESSION_ENDED_CODE } });

    expect(await Promise.all(codes)).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("cancels the seat reservations of dropped clients when the session ends", async () => {
    const player = await createPlayer(casino, 1);
    const dice = track(await joinDice(casino, player.token));
    const table = track(await joinTableRoom(casino.url, player.token, TABLE));
    expect((await sendAndWait(table, "sit", { buyInAmount: 0.1 })).kind).toBe("result");
    await dropConnection(dice);
    await dropConnection(table);
    const hosted = casino.services.poker.hostedTable(TABLE);
    // The dropped player keeps the seat for the (60 s) grace.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hosted?.seatOf(player.userId)).not.toBe(null);

    expect((await player.client.request("DELETE", "/api/session")).status).toBe(204);

    await expect(new VersionedClient(casino.url).reconnect(dice.reconnectionToken)).rejects.toThrow();
    await expect(new VersionedClient(casino.url).reconnect(table.reconnectionToken)).rejects.toThrow();
    await eventually(() => hosted?.seatOf(player.userId) === null, "the seat to be released");
    await eventually(async () => (await aminaOf(casino, player)) === coins(1), "the stack to be paid back");
  });

  it("a POST /api/users that replaces the session closes the old session's rooms", async () => {
    const player = await createPlayer(casino);
    const dice = track(await joinDice(casino, player.token));
    const closed = closeCodeOf(dice);
    const other = randomDemoAddress();
    expect((await player.client.post("/api/users", { walletAddress: other })).status).toBe(201);

    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    await expect(joinDice(casino, player.token)).rejects.toThrow();
    const fresh = track(await joinDice(casino, player.client.token!));
    expect((await act(fresh, "roll", { betAmount: 1, currency: "HC", betType: "low" })).kind).toBe("result");
  });
});

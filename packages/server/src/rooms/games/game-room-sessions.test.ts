import { applyBlackjackAction, type FloatStream, startBlackjack } from "@casino/protocol";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMaintenanceMode } from "../../games/maintenance.ts";
import { arrangeNextRound, joinAsPlayer } from "../../games/test-helpers.ts";
import {
  securityEventsOf,
  snapshotMoney,
  startTestCasino,
  type TestCasino,
} from "../../http/test-helpers.ts";
import { GAME_ROOM, MAX_MALFORMED_MESSAGES } from "./game-room.ts";
import { act, joinGameRoom, leaveAll, nextReply, waitForState } from "./test-room.ts";

/** A deal that leaves the player to act, and whose stand then wins. */
const standWins = (s: FloatStream) => {
  const state = startBlackjack(1_000_000, s);
  if (state.phase !== "player") return false;
  const step = applyBlackjackAction(state, "stand", s);
  return !("error" in step) && step.state.hands[0]?.result === "win";
};

describe("game room sessions", () => {
  let casino: TestCasino;
  const rooms: Room[] = [];
  beforeAll(async () => {
    casino = await startTestCasino();
  });
  afterAll(async () => {
    await leaveAll(rooms);
    await casino?.stop();
  });
  const track = (room: Room) => {
    rooms.push(room);
    return room;
  };

  it("refuses joins without a session or for an unknown game", async () => {
    await expect(
      new VersionedClient(casino.url).joinOrCreate(GAME_ROOM, { gameType: "dice" }),
    ).rejects.toThrow();
    const player = await joinAsPlayer(casino);
    await expect(joinGameRoom(casino, player, "roulette")).rejects.toThrow();
  });

  it("gives every player a room of their own: another player can neither share nor join it", async () => {
    const alice = await joinAsPlayer(casino);
    const bob = await joinAsPlayer(casino);
    const mine = track(await joinGameRoom(casino, alice, "dice"));
    const again = track(await joinGameRoom(casino, alice, "dice"));
    expect(again.roomId).toBe(mine.roomId);
    const sdk = new VersionedClient(casino.url);
    sdk.auth.token = bob.client.token!;
    const theirs = track(await sdk.joinOrCreate(GAME_ROOM, { gameType: "dice", owner: alice.userId }));
    expect(theirs.roomId).not.toBe(mine.roomId);
    await expect(sdk.joinById(mine.roomId, { gameType: "dice" })).rejects.toThrow();
  });

  it("answers malformed messages with an error, records them, and drops the client after repeated ones", async () => {
    const player = await joinAsPlayer(casino);
    const room = await joinGameRoom(casino, player, "dice");
    await waitForState(room, (s) => s.balances.HC === "1000");
    const before = await snapshotMoney(casino.handle.db);
    const left = new Promise<number>((resolve) => room.onLeave((code) => resolve(code)));
    const bad = await act(room, "roll", { betAmount: -1, currency: "HC", betType: "low" });
    expect(bad).toMatchObject({ kind: "error", body: { action: "roll", code: "input/invalid" } });
    const foreign = await act(room, "deal", { betAmount: 1, currency: "HC" });
    expect(foreign.body.code).toBe("input/invalid");
    expect(MAX_MALFORMED_MESSAGES).toBe(3);
    room.send("roll", "nonsense");
    expect(await left).toBeGreaterThan(1000);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    const events = await securityEventsOf(casino, "malformed_input");
    const mine = events.filter((e) => e.details.startsWith(player.address));
    expect(mine.map((e) => [e.location, e.severity, e.rule])).toEqual([
      ["room game/dice roll", "low", "room-validate"],
      ["room game/dice deal", "low", "room-validate"],
      ["room game/dice roll", "medium", "room-malformed-drop"],
    ]);
  });

  it("resumes a blackjack hand after a dropped connection, and the same hand over REST", async () => {
    const player = await joinAsPlayer(casino);
    const room = await joinGameRoom(casino, player, "blackjack");
    await arrangeNextRound(casino, player, standWins);
    const dealt = await act(room, "deal", { betAmount: 10, currency: "HC" });
    expect(dealt.body.result).toBe("playing");
    room.reconnection.enabled = false;
    const dropped = new Promise<void>((resolve) => room.onDrop(() => resolve()));
    room.connection.close();
    await dropped.catch(() => undefined);
    const back = track(await new VersionedClient(casino.url).reconnect(room.reconnectionToken));
    await waitForState(back, (s) => s.blackjack.active && s.blackjack.hands.length === 1);
    expect(back.state.blackjack.hands[0].cards.map((c: { rank: string }) => c.rank)).toEqual(
      dealt.body.playerCards.map((c: { rank: string }) => c.rank),
    );
    const rest = await player.client.get("/api/games/blackjack/state");
    expect(rest.body.game.playerCards).toEqual(dealt.body.playerCards);
    const stood = await player.client.post("/api/games/blackjack/stand", {});
    expect(stood.body).toMatchObject({ result: "win", winAmount: 20 });
    const fresh = track(await joinGameRoom(casino, player, "blackjack"));
    await waitForState(fresh, (s) => s.balances.HC === "1010" && !s.blackjack.active);
  });

  it("reloads an open hi-lo round into a new room after the player left", async () => {
    const player = await joinAsPlayer(casino);
    const started = await player.client.post("/api/games/hilo/start", { bet: 3, currency: "HC" });
    const room = track(await joinGameRoom(casino, player, "hilo"));
    await waitForState(room, (s) => s.hilo.active && s.balances.HC === "997");
    expect(room.state.hilo.currentCard.rank).toBe(started.body.currentCard.value);
    expect(room.state.hilo.currentCard.suit).toBe(started.body.currentCard.suit);
    await room.leave();
    const again = track(await joinGameRoom(casino, player, "hilo"));
    await waitForState(
      again,
      (s) => s.hilo.active && s.hilo.currentCard.rank === started.body.currentCard.value,
    );
  });

  it("tells the room when the server settles an abandoned hand", async () => {
    const player = await joinAsPlayer(casino);
    const room = track(await joinGameRoom(casino, player, "blackjack"));
    await arrangeNextRound(casino, player, standWins);
    await act(room, "deal", { betAmount: 10, currency: "HC" });
    const notice = nextReply(room);
    casino.advanceClock(3 * 60 * 1000);
    await casino.services.games.settler.settleOnce();
    expect(await notice).toMatchObject({
      kind: "result",
      body: { action: "abandoned", abandoned: true, result: "win" },
    });
    await waitForState(room, (s) => !s.blackjack.active && s.balances.HC === "1010");
  });

  it("refuses new bets in maintenance mode but lets an open hand finish", async () => {
    const player = await joinAsPlayer(casino);
    const room = track(await joinGameRoom(casino, player, "blackjack"));
    await arrangeNextRound(casino, player, standWins);
    await act(room, "deal", { betAmount: 10, currency: "HC" });
    const runtime = casino.services.games;
    await setMaintenanceMode(casino.handle.db, true);
    runtime.maintenance.forget();
    try {
      expect((await act(room, "stand")).body.result).toBe("win");
      expect((await act(room, "deal", { betAmount: 10, currency: "HC" })).body).toMatchObject({
        code: "casino/maintenance",
        message: "The casino is in maintenance: new bets are paused",
      });
    } finally {
      await setMaintenanceMode(casino.handle.db, false);
      runtime.maintenance.forget();
    }
  });
});

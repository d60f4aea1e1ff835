import { exportHandHistory } from "@casino/protocol";
import { PokerTableState } from "@casino/protocol/schemas/poker-table-state";
import { VersionedClient } from "@casino/sdk/versioned-client";
import { describe, expect, it } from "vitest";
import { getBalances } from "../../ledger/ledger.ts";
import { findHand } from "../../poker/hand-store.ts";
import { waitFor } from "../../poker/test-helpers.ts";
import { usePokerCasino } from "./test-casino.ts";
import {
  autoPlay,
  checkOrCall,
  seatOfUser,
  sendAndWait,
  type TableRoom,
  waitForState,
  watchPrivacy,
} from "./test-clients.ts";

describe("poker_table room timers: timeouts and reconnection", () => {
  const fixture = usePokerCasino({ actionTimeoutMs: 1500, autoStartDelayMs: 100, reconnectGraceMs: 1500 });
  const rooms = fixture.rooms;

  const seat = (tableId: string, name: string) =>
    fixture.seat(tableId, name, tableId === "andromeda-amina-high" ? 0.2 : 0.1);

  it("folds a player who lets the action timer run out, and sits them out", async () => {
    const a = await seat("nebula-amina-micro", "Slow");
    const b = await seat("nebula-amina-micro", "Idle");
    const state = await waitForState(a.room, (s) => s.handNumber >= 1 && s.toActSeat >= 0);
    const deadline = state.actionDeadline;
    expect(deadline).toBeGreaterThan(Date.now() - 100);
    const ended = await waitForState(a.room, (s) => s.lastHandNumber >= 1, 5000);
    const folded = [...ended.players.values()].find((p) => p.lastAction === "fold")!;
    expect(folded).toBeDefined();
    expect(folded.isSittingOut).toBe(true);
    expect(ended.winners.length).toBe(1);
    const stored = (await findHand(fixture.casino.handle.db, Number(ended.lastHandId)))!;
    expect(stored.events.some((e) => e.type === "action_taken" && e.timedOut && e.action === "fold")).toBe(
      true,
    );
    const text = exportHandHistory(stored.events, {
      tableName: "t",
      maxPlayers: 6,
      startedAt: stored.startedAt,
    });
    expect(text).toMatch(/: folds/);
    await sendAndWait(a.room, "leave");
    await sendAndWait(b.room, "leave");
  });

  it("gives a seat that acts twice in a row a fresh deadline for its second turn", async () => {
    // Heads-up, the big blind closes the preflop betting and is first to act on the flop.
    const a = await seat("nebula-amina-micro", "First");
    const b = await seat("nebula-amina-micro", "Second");
    const players = [a, b];
    const preflop = await waitForState(a.room, (s) => s.gamePhase === "preflop" && s.toActSeat >= 0);
    const caller = players.find((p) => seatOfUser(preflop, p.userId) === preflop.toActSeat)!;
    const bigBlind = players.find((p) => p !== caller)!;
    caller.room.send("action", { actionType: "call", version: preflop.version });
    const option = await waitForState(bigBlind.room, (s) => s.toActSeat === seatOfUser(s, bigBlind.userId));
    expect(option.gamePhase).toBe("preflop");
    const optionDeadline = option.actionDeadline;
    await new Promise((resolve) => setTimeout(resolve, 20));
    bigBlind.room.send("action", { actionType: "check", version: option.version });
    const flop = await waitForState(bigBlind.room, (s) => s.gamePhase === "flop");
    expect(flop.toActSeat).toBe(seatOfUser(flop, bigBlind.userId));
    expect(flop.actionDeadline).toBeGreaterThan(optionDeadline);
    await sendAndWait(a.room, "leave");
    await sendAndWait(b.room, "leave");
  });

  it("keeps the seat of a player who drops mid-hand and comes back within the grace", async () => {
    const a = await seat("orion-9-max", "Flaky");
    const b = await seat("orion-9-max", "Steady");
    const dealt = await waitForState(a.room, (s) => s.handNumber >= 1 && s.gamePhase !== "waiting");
    const mySeat = seatOfUser(dealt, a.userId);
    const hand = dealt.handNumber;
    a.room.reconnection.enabled = false;
    const token = a.room.reconnectionToken;
    a.room.connection.close();
    await waitForState(b.room, (s) => s.players.get(String(mySeat))?.isConnected === false);
    const sdk = new VersionedClient(fixture.casino.url);
    sdk.auth.token = a.token;
    const back = (await sdk.reconnect(token, PokerTableState)) as TableRoom;
    rooms.push(back);
    const privacy = watchPrivacy(back, a.userId);
    const again = await waitForState(back, (s) => s.players.get(String(mySeat))?.isConnected === true);
    expect(seatOfUser(again, a.userId)).toBe(mySeat);
    expect(again.handNumber).toBe(hand);
    expect(again.gamePhase).not.toBe("waiting");
    expect(again.players.get(String(mySeat))!.holeCards.length).toBe(2);
    autoPlay(back, a.userId, checkOrCall);
    autoPlay(b.room, b.userId, checkOrCall);
    await waitForState(back, (s) => s.lastHandNumber >= hand, 8000);
    expect(privacy.leaks).toEqual([]);
    await sendAndWait(back, "leave");
    await sendAndWait(b.room, "leave");
  });

  it("shows a reconnected player the cards of a hand dealt while it was away", async () => {
    const a = await seat("nebula-amina-micro", "Away");
    const b = await seat("nebula-amina-micro", "Bea");
    const c = await seat("nebula-amina-micro", "Cid");
    autoPlay(b.room, b.userId, checkOrCall);
    autoPlay(c.room, c.userId, checkOrCall);
    const stopA = autoPlay(a.room, a.userId, checkOrCall);
    // Between hands (the next one starts 100 ms later), A's connection drops.
    const dealt = await waitForState(a.room, (s) => s.lastHandNumber >= 1 && s.gamePhase === "waiting");
    const mySeat = seatOfUser(dealt, a.userId);
    stopA();
    a.room.reconnection.enabled = false;
    const token = a.room.reconnectionToken;
    a.room.connection.close();
    const next = await waitForState(
      b.room,
      (s) =>
        s.handNumber > dealt.lastHandNumber &&
        s.gamePhase === "preflop" &&
        !!s.players.get(String(mySeat))?.inHand,
      10_000,
    );
    const sdk = new VersionedClient(fixture.casino.url);
    sdk.auth.token = a.token;
    const back = (await sdk.reconnect(token, PokerTableState)) as TableRoom;
    rooms.push(back);
    const seen = await waitForState(
      back,
      (s) => (s.players.get(String(mySeat))?.holeCards?.length ?? 0) === 2,
    );
    expect(seen.handNumber).toBe(next.handNumber);
    autoPlay(back, a.userId, checkOrCall);
    for (const p of [back, b.room, c.room]) await sendAndWait(p, "leave");
  });

  it("frees the seat and pays the stack back when the grace runs out", async () => {
    const a = await seat("andromeda-amina-high", "Gone");
    const before = (await getBalances(fixture.casino.handle.db, a.userId)).AMINA;
    a.room.reconnection.enabled = false;
    a.room.connection.close();
    const table = fixture.casino.services.poker.hostedTable("andromeda-amina-high")!;
    await waitFor(() => table.seatOf(a.userId) === null, 5000, "the seat to be freed");
    expect((await getBalances(fixture.casino.handle.db, a.userId)).AMINA).toBe(before + 200_000);
    rooms.splice(rooms.indexOf(a.room), 1);
  });
});

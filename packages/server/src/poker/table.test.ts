import { auditDeck, coins, exportHandHistory, legalActions } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import type { TestCasino } from "../http/test-helpers.ts";
import { getBalances, getHouseBalances } from "../ledger/ledger.ts";
import { findHand } from "./hand-store.ts";
import type { PokerTable } from "./table.ts";
import { createPlayer, expectMoneyConserved, useCheckedPokerCasino, waitFor } from "./test-helpers.ts";

/** Plays checks and calls for whoever is to act until the current hand ends. */
async function playCheckCall(table: PokerTable): Promise<void> {
  const hand = await waitFor(() => table.state.hand, 3000, "a hand");
  const number = hand.handNumber;
  for (let i = 0; i < 200; i++) {
    const current = table.state.hand;
    if (current && current.handNumber === number && current.ended) return;
    const seat = current?.toAct;
    if (current && !current.ended && seat !== null && seat !== undefined) {
      const id = table.state.seats[seat]!.playerId;
      const legal = legalActions(table.state, seat);
      await table.act(id, table.state.version, legal.canCheck ? "check" : "call");
    } else await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("hand did not end");
}

/** Seats a user through the runtime, as a join does. */
function sit(
  casino: TestCasino,
  tableId: string,
  userId: string,
  name: string,
  chips: number,
  clientSeed: string,
) {
  return casino.services.poker.join(tableId, { userId, name, chips, clientSeed });
}

describe("poker table service", () => {
  const casino = useCheckedPokerCasino({ bots: false, autoStartDelayMs: 60_000 });

  it("buys in through escrow, plays a hand, stores it with its secret seed and deck commitment and pays rake to the house", async () => {
    const _runtime = casino.services.poker;
    const a = await createPlayer(casino, 1);
    const b = await createPlayer(casino, 1);
    const joinedA = await sit(casino, "nebula-amina-micro", a.userId, "Ada", 100, "seed-a");
    const joinedB = await sit(casino, "nebula-amina-micro", b.userId, "Bob", 200, "seed-b");
    expect(joinedA.result.ok && joinedB.result.ok).toBe(true);
    expect((await getBalances(casino.handle.db, a.userId)).AMINA).toBe(coins(1) - coins(0.1));
    const table = joinedA.table!;
    await expectMoneyConserved(casino);
    const houseBefore = (await getHouseBalances(casino.handle.db)).AMINA;
    const started = await table.startHand(a.userId);
    expect(started).toEqual({ ok: true });
    await playCheckCall(table);
    await table.drain();
    const reveal = table.lastReveal!;
    const stored = (await findHand(casino.handle.db, reveal.handId))!;
    expect(stored.status).toBe("ended");
    expect(stored.clientSeeds.sort()).toEqual(["seed-a", "seed-b"]);
    expect(
      auditDeck({
        handSeed: stored.handSeed,
        seedHash: reveal.deckHash,
        root: reveal.deckRoot,
        clientSeeds: stored.clientSeeds,
        handNumber: stored.handNumber,
      }).valid,
    ).toBe(true);
    const text = exportHandHistory(stored.events, {
      tableName: "Nebula AMINA Micro",
      maxPlayers: 6,
      startedAt: stored.startedAt,
      handId: stored.id,
    });
    expect(text).toContain(`PokerStars Hand #${stored.id}`);
    const stacks = table.state.seats.reduce((s, p) => s + (p?.stack ?? 0), 0);
    expect(stacks + stored.rake).toBe(300);
    const house = await getHouseBalances(casino.handle.db);
    expect(house.AMINA - houseBefore).toBe(stored.rake * 1000);
  });

  it("refuses a buy-in outside the range or above the balance, and changes nothing", async () => {
    const runtime = casino.services.poker;
    const poor = await createPlayer(casino, 0.05);
    const low = await sit(casino, "andromeda-amina-high", poor.userId, "Poor", 100, "x");
    expect(low.result).toMatchObject({
      ok: false,
      code: "poker/invalid_buy_in",
      message: "The buy-in must be between 0.2 and 1 AMINA",
    });
    const broke = await sit(casino, "andromeda-amina-high", poor.userId, "Poor", 200, "x");
    expect(broke.result).toMatchObject({ ok: false, code: "poker/insufficient_balance" });
    expect((await getBalances(casino.handle.db, poor.userId)).AMINA).toBe(coins(0.05));
    expect(runtime.hostedTable("andromeda-amina-high")!.seatOf(poor.userId)).toBeNull();
  });

  it("leaves between hands with the stack paid back", async () => {
    const _runtime = casino.services.poker;
    const p = await createPlayer(casino, 1);
    const joined = await sit(casino, "orion-9-max", p.userId, "Leaver", 80, "x");
    expect(joined.result.ok).toBe(true);
    const left = await joined.table!.leave(p.userId);
    expect(left).toEqual({ ok: true, pending: false, chips: 80 });
    expect((await getBalances(casino.handle.db, p.userId)).AMINA).toBe(coins(1));
  });
});

describe("poker turns: pre-actions and the time bank", () => {
  const casino = useCheckedPokerCasino({
    bots: false,
    autoStartDelayMs: 60_000,
    actionTimeoutMs: 150,
    timeBankMs: 250,
  });

  async function headsUp(tableId: string) {
    const _runtime = casino.services.poker;
    const a = await createPlayer(casino, 1);
    const b = await createPlayer(casino, 1);
    await sit(casino, tableId, a.userId, "Ada", 100, "a");
    const joined = await sit(casino, tableId, b.userId, "Bob", 100, "b");
    const table = joined.table!;
    await table.startHand(a.userId);
    const first = table.state.seats[table.state.hand!.toAct!]!.playerId;
    return { table, first, second: first === a.userId ? b.userId : a.userId, players: [a, b] };
  }

  it("plays check/fold and call any for the player when the turn comes", async () => {
    const { table, first, second } = await headsUp("nebula-amina-micro");
    expect(await table.setPreAction(second, "check_fold")).toEqual({ ok: true });
    expect(await table.act(first, table.state.version, "call")).toEqual({ ok: true });
    await waitFor(() => table.state.hand?.street === "flop", 2000, "the flop");
    const checked = table.live!.events.find((e) => e.type === "action_taken" && e.action === "check");
    expect(checked).toMatchObject({ seat: table.seatOf(second), timedOut: false });
    // Heads-up after the flop the big blind (second) acts first; the button calls any bet by pre-action.
    expect(table.state.hand!.toAct).toBe(table.seatOf(second));
    await table.setPreAction(first, "call_any");
    expect(await table.act(second, table.state.version, "bet", 10)).toEqual({ ok: true });
    await waitFor(() => table.state.hand?.street === "turn", 2000, "the turn");
    const called = table.live!.events.filter((e) => e.type === "action_taken" && e.action === "call");
    expect(called.at(-1)).toMatchObject({ seat: table.seatOf(first), amount: 10 });
    for (const id of [first, second]) await table.leave(id);
  });

  it("spends the time bank before folding a player who does not act", async () => {
    const { table, first, second } = await headsUp("orion-9-max");
    const seat = table.seatOf(first)!;
    await waitFor(() => table.turn?.usingTimeBank, 2000, "the time bank");
    expect(table.turn!.seat).toBe(seat);
    expect(table.turn!.deadline).toBeGreaterThan(Date.now() + 100);
    await waitFor(() => !table.isHandLive(), 2000, "the timeout fold");
    expect(table.meta[seat]!.timeBank).toBe(0);
    expect(table.state.seats[seat]!.sittingOut).toBe(true);
    for (const id of [first, second]) await table.leave(id);
  });
});

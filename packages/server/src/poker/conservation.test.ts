import { createSeededRandom, legalActions } from "@casino/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestCasino } from "../http/test-helpers.ts";
import { getBalances, getHouseBalances } from "../ledger/ledger.ts";
import { tableEscrowAccount } from "./escrow.ts";
import { chipsOnTable, createPlayer, expectMoneyConserved, startPokerCasino } from "./test-helpers.ts";

describe("chips and rake are conserved over many random hands", () => {
  let casino: TestCasino;
  beforeAll(async () => {
    casino = await startPokerCasino({ bots: false, autoStartDelayMs: 5, runoutDelayMs: 1 });
  });
  afterAll(() => casino?.stop());

  it("keeps escrow = chips on the table after every action, with side pots, busts and rebuys", async () => {
    const runtime = casino.services.poker;
    const random = createSeededRandom(424_242);
    const players: Awaited<ReturnType<typeof createPlayer>>[] = [];
    for (let i = 0; i < 6; i++) players.push(await createPlayer(casino, 5));
    const join = (userId: string) =>
      runtime.join("orion-9-max", {
        userId,
        name: `R${userId.slice(-3)}`,
        chips: 80 + Math.floor(random() * 320),
        clientSeed: userId,
      });
    for (const p of players) expect((await join(p.userId)).result.ok).toBe(true);
    const table = runtime.hostedTable("orion-9-max")!;
    const escrow = async () => (await getBalances(casino.handle.db, tableEscrowAccount(table.info.id))).AMINA;
    const houseBefore = (await getHouseBalances(casino.handle.db)).AMINA;
    let buyIns = players.length;
    // Busted players leave their seats once the hand is settled, which may be after this looks:
    // it buys them in again on every look until somebody is to act.
    const rebuyUntilATurn = async () => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        for (const p of players) {
          if (table.seatOf(p.userId) === null && (await join(p.userId)).result.ok) buyIns++;
        }
        if (table.isHandLive() && table.state.hand!.toAct !== null) return;
        if (Date.now() > deadline) throw new Error("timed out waiting for a turn");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    while (table.state.handCount < 40) {
      await rebuyUntilATurn();
      const hand = table.state.hand!;
      const seat = hand.toAct!;
      const legal = legalActions(table.state, seat);
      const roll = random();
      const id = table.state.seats[seat]!.playerId;
      if (roll < 0.1 && legal.canAllIn) await table.act(id, table.state.version, "all_in");
      else if (roll < 0.3 && (legal.canBet || legal.canRaise)) {
        const to = legal.minRaiseTo + Math.floor(random() * (legal.maxRaiseTo - legal.minRaiseTo + 1));
        await table.act(id, table.state.version, legal.canBet ? "bet" : "raise", to);
      } else if (roll < 0.4 && !legal.canCheck) await table.act(id, table.state.version, "fold");
      else await table.act(id, table.state.version, legal.canCheck ? "check" : "call");
      // Read inside a table task: no timer can settle a hand between the two readings.
      const [held, chips] = await table.run(async () => [await escrow(), chipsOnTable(table)]);
      expect(held).toBe(chips * table.info.unitsPerChip);
    }
    const rake = (await getHouseBalances(casino.handle.db)).AMINA - houseBefore;
    expect(rake).toBeGreaterThan(0);
    expect(buyIns).toBeGreaterThan(players.length);
    const balances = await Promise.all(
      players.map(async (p) => (await getBalances(casino.handle.db, p.userId)).AMINA),
    );
    const inPlay = chipsOnTable(table) * table.info.unitsPerChip;
    expect(balances.reduce((a, b) => a + b, 0) + inPlay + rake).toBe(6 * 5_000_000);
    await expectMoneyConserved(casino);
  });
});

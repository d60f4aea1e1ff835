/**
 * Responsible gaming at a seated cash table: a player who starts a cool-off or self-exclusion while
 * seated is not dealt the next hand; their seat is freed and their stack paid back to their balance
 * before the deal, so no action of theirs is accepted after it, and the money stays conserved.
 */
import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { getBalances } from "../ledger/ledger.ts";
import { tableEscrowAccount } from "./escrow.ts";
import { createPlayer, expectMoneyConserved, useCheckedPokerCasino, waitFor } from "./test-helpers.ts";

const TABLE = "nebula-amina-micro";

describe("a seated player excluded mid-session", () => {
  const casino = useCheckedPokerCasino({ bots: false, autoStartDelayMs: 60_000 });

  /** Three players seated with 100 chips (0.1 AMINA) each. */
  async function seatThree() {
    const players = [
      await createPlayer(casino, 1),
      await createPlayer(casino, 1),
      await createPlayer(casino, 1),
    ];
    for (const [i, p] of players.entries()) {
      const joined = await casino.services.poker.join(TABLE, {
        userId: p.userId,
        name: `P${i}`,
        chips: 100,
        clientSeed: `seed-${i}`,
      });
      expect(joined.result.ok).toBe(true);
    }
    return { players, table: casino.services.poker.hostedTable(TABLE)! };
  }

  for (const exclusion of [
    { name: "a 24 h cool-off", path: "/api/cool-off", body: { hours: 24 } },
    { name: "a 6-month self-exclusion", path: "/api/self-exclusion", body: { months: 6 } },
  ]) {
    it(`is sat out of the next hand and cashed out after ${exclusion.name}`, async () => {
      const { players, table } = await seatThree();
      const [a, b, c] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];
      expect((await c.client.post(exclusion.path, exclusion.body)).status).toBe(200);
      const seatOfC = table.seatOf(c.userId);
      expect(seatOfC).not.toBeNull();
      expect(await table.startHand(a.userId)).toEqual({ ok: true });
      const hand = await waitFor(() => table.state.hand, 3000, "a hand");
      const dealt = hand.players.map((p) => table.state.seats[p.seat]?.playerId);
      expect(dealt.sort()).toEqual([a.userId, b.userId].sort());
      expect(table.seatOf(c.userId)).toBeNull();
      expect((await getBalances(casino.handle.db, c.userId)).AMINA).toBe(coins(1));
      const raised = await table.act(c.userId, table.state.version, "raise", 40);
      expect(raised.ok).toBe(false);
      await expectMoneyConserved(casino);
      for (const p of [a, b]) await table.leave(p.userId);
      await table.drain();
      await waitFor(() => table.occupiedSeats().length === 0, 5000, "the table to empty");
      expect((await getBalances(casino.handle.db, tableEscrowAccount(TABLE))).AMINA).toBe(0);
    });
  }
});

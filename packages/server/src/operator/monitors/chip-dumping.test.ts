import { legalActions } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { securityEventsOf, type TestCasino, useCasino } from "../../http/test-helpers.ts";
import type { PokerTable } from "../../poker/table.ts";
import { createPlayer, fastPokerOptions, waitFor } from "../../poker/test-helpers.ts";
import { startOperatorCasino } from "../test-helpers.ts";

const TABLE = "nebula-amina-micro";
type Player = Awaited<ReturnType<typeof createPlayer>>;

/** A fresh demo player whose faucet AMINA (0.1) went into the casino by a real deposit. */
async function freshFaucetPlayer(casino: TestCasino): Promise<Player> {
  const player = await createPlayer(casino);
  const deposit = await player.client.post("/api/crypto/deposit", { amount: "0.1" });
  expect(deposit.status).toBe(200);
  return player;
}

/**
 * Plays one heads-up hand in which `loser` puts most of its stack in and folds to `winner`'s shove:
 * the dumping pattern (or, with `dump` false, an ordinary hand where the loser folds its blind).
 */
async function playFoldedHand(table: PokerTable, winner: Player, loser: Player, dump = true): Promise<void> {
  expect(await table.startHand(winner.userId)).toEqual({ ok: true });
  const hand = await waitFor(() => table.state.hand, 3000, "a hand");
  let raised = false;
  for (let step = 0; step < 20; step++) {
    const current = table.state.hand;
    if (!current || current.handNumber !== hand.handNumber || current.ended) break;
    const seat = current.toAct;
    if (seat === null) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      continue;
    }
    const playerId = table.state.seats[seat]?.playerId;
    const legal = legalActions(table.state, seat);
    if (playerId === loser.userId) {
      if (dump && !raised && legal.canRaise) {
        raised = true;
        expect(
          (await table.act(playerId, table.state.version, "raise", Math.min(90, legal.maxRaiseTo))).ok,
        ).toBe(true);
      } else expect((await table.act(playerId, table.state.version, "fold")).ok).toBe(true);
    } else if (playerId === winner.userId) {
      const facingRaise = legal.currentBet > table.state.config.bigBlind;
      const action = facingRaise || !dump ? "all_in" : legal.canCheck ? "check" : "call";
      expect((await table.act(playerId, table.state.version, action)).ok).toBe(true);
    }
  }
  await table.drain();
  expect(table.state.hand?.ended ?? true).toBe(true);
}

describe("Sirius watches for chip dumping between fresh accounts", () => {
  const casino = useCasino(() =>
    startOperatorCasino({}, { poker: fastPokerOptions({ bots: false, autoStartDelayMs: 60_000 }) }),
  );

  const runSentinel = async () => {
    await casino.flushSecurityEvents();
    await casino.services.operator.scheduler?.runNow("sirius");
    return securityEventsOf(casino, "chip_dumping_suspected");
  };

  it("raises one medium event when one winner collects the stacks of three fresh accounts by folds", async () => {
    const runtime = casino.services.poker;
    const collector = await createPlayer(casino, 1);
    const joined = await runtime.join(TABLE, {
      userId: collector.userId,
      name: "Hub",
      chips: 200,
      clientSeed: "hub",
    });
    expect(joined.result.ok).toBe(true);
    const table = joined.table as PokerTable;

    // An ordinary fresh player who only folds a blind is no pattern.
    const casual = await freshFaucetPlayer(casino);
    await runtime.join(TABLE, { userId: casual.userId, name: "Casual", chips: 100, clientSeed: "c" });
    await playFoldedHand(table, collector, casual, false);
    await table.leave(casual.userId);

    const feeders: Player[] = [];
    for (let i = 0; i < 3; i++) {
      const feeder = await freshFaucetPlayer(casino);
      feeders.push(feeder);
      const sat = await runtime.join(TABLE, {
        userId: feeder.userId,
        name: `Feeder${i}`,
        chips: 100,
        clientSeed: `f${i}`,
      });
      expect(sat.result.ok).toBe(true);
      await playFoldedHand(table, collector, feeder);
      await table.leave(feeder.userId);
      await table.drain();
      // Two fresh accounts are not yet a pattern.
      if (i === 1) expect(await runSentinel()).toEqual([]);
    }

    const events = await runSentinel();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      severity: "medium",
      rule: "sirius/chip-dumping",
      blocked: 0,
      location: `poker table ${TABLE}`,
    });
    expect(events[0]?.details).toMatch(
      new RegExp(`^${collector.address} won 0\\.27 AMINA by folds from 3 accounts younger than a day`),
    );
    // Raised once: a later sweep over the same winner stays quiet.
    expect(await runSentinel()).toHaveLength(1);
    await table.leave(collector.userId);
  });
});

/**
 * Invariant: concurrent stakes cannot pass a limit together. The check and the count run inside
 * the bet's own transaction, on the player's locked row, on SQLite and PostgreSQL alike.
 */
import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../db/test-databases.ts";
import { checkLedgerInvariants, getBalances, grant } from "../ledger/ledger.ts";
import { openRound, playRound } from "../rounds/rounds.ts";
import { runAtOnce, testBet, testRound, winBelow } from "../rounds/test-helpers.ts";
import { putLimits, readLimits } from "./service.ts";

describe.each(testDialects())("limits under concurrent bets on %s", (dialect) => {
  const test = useTestDatabase(dialect);

  it("200 concurrent losing 1 HC bets under a 5 HC daily loss limit: exactly 5 settle", async () => {
    await grant(test.handle, { userId: "u1", currency: "HC", amount: coins(100), reason: "new_user" });
    const limit = { currency: "HC", kind: "loss", period: "day", amount: coins(5) } as const;
    await putLimits(test.handle, "u1", { limits: [limit] }, Date.now());
    const results = await runAtOnce(200, () =>
      playRound(test.handle, testBet({ decide: () => ({ win: 0, outcome: 0 }) })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(195);
    expect(refused[0]).toMatchObject({
      code: "limits/loss_limit_reached",
      message: "You have reached your daily loss limit of 5 HC",
    });
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(coins(95));
    const view = await readLimits(test.handle, "u1", Date.now());
    expect(
      view.limits.find((l) => l.currency === "HC" && l.kind === "loss" && l.period === "day"),
    ).toMatchObject({
      amount: "5",
      used: "5",
    });
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });

  it("200 concurrent 0.001 AMINA bets, some winning, under a 0.01 AMINA weekly wager limit: exactly 10 settle", async () => {
    await grant(test.handle, { userId: "u2", currency: "AMINA", amount: coins(1), reason: "deposit" });
    const limit = { currency: "AMINA", kind: "wager", period: "week", amount: coins(0.01) } as const;
    await putLimits(test.handle, "u2", { limits: [limit] }, Date.now());
    const stake = coins(0.001);
    const decide = winBelow(0.5, stake * 2);
    const results = await runAtOnce(200, () =>
      playRound(test.handle, testBet({ userId: "u2", currency: "AMINA", stake, decide })),
    );
    const settled = results.filter((r) => r.ok);
    expect(settled).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.code === "limits/wager_limit_reached")).toHaveLength(190);
    const won = settled.reduce((sum, r) => sum + (r.ok ? r.round.winAmount : 0), 0);
    expect((await getBalances(test.handle.db, "u2")).AMINA).toBe(coins(1) - 10 * stake + won);
  });

  it("an open round's stake counts in full until it settles, and its payout takes the loss back down", async () => {
    await grant(test.handle, { userId: "u1", currency: "HC", amount: coins(100), reason: "new_user" });
    const limit = { currency: "HC", kind: "loss", period: "month", amount: coins(5) } as const;
    await putLimits(test.handle, "u1", { limits: [limit] }, Date.now());
    const open = await openRound(test.handle, testRound({ stake: coins(5), start: () => ({ state: {} }) }));
    expect(open.ok).toBe(true);
    const next = await playRound(
      test.handle,
      testBet({ gameType: "plinko", decide: () => ({ win: 0, outcome: 0 }) }),
    );
    expect(next).toMatchObject({ ok: false, code: "limits/loss_limit_reached" });
    const won = await playRound(
      test.handle,
      testBet({
        gameType: "plinko",
        stake: coins(0),
        prepaid: true,
        decide: () => ({ win: coins(3), outcome: 0 }),
      }),
    );
    expect(won.ok).toBe(true);
    const view = await readLimits(test.handle, "u1", Date.now());
    expect(
      view.limits.find((l) => l.currency === "HC" && l.kind === "loss" && l.period === "month")?.used,
    ).toBe("2");
  });
});

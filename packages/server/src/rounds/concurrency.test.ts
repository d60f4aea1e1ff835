import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../db/test-databases.ts";
import { publicSeedInfo } from "../fairness/seeds.ts";
import { isHouseAccount } from "../ledger/accounts.ts";
import { expectHoldsAndBalanced } from "../ledger/ledger.test-helpers.ts";
import { checkLedgerInvariants, getBalances, getHouseBalances, grant } from "../ledger/ledger.ts";
import { listRounds } from "./history.ts";
import { openRound, playRound } from "./rounds.ts";
import { runAtOnce, testBet, testRound, winBelow } from "./test-helpers.ts";

describe.each(testDialects())("concurrent bets on %s", (dialect) => {
  const test = useTestDatabase(dialect);

  it("200 concurrent losing bets against a balance for 73: exactly 73 settle, nothing overdrawn or lost", async () => {
    await grant(test.handle, { userId: "u1", currency: "HC", amount: coins(73), reason: "new_user" });
    const results = await runAtOnce(200, () =>
      playRound(test.handle, testBet({ decide: () => ({ win: 0, outcome: "lose" }) })),
    );
    const settled = results.filter((r) => r.ok);
    expect(settled).toHaveLength(73);
    expect(results.filter((r) => !r.ok && r.code === "bet/insufficient_balance")).toHaveLength(127);
    expect(await getBalances(test.handle.db, "u1")).toEqual({ HC: 0, AMINA: 0 });
    expect((await getHouseBalances(test.handle.db)).HC).toBe(coins(73));
    // Nonces of settled rounds are exactly 0..72: refused bets consumed none, none was shared.
    const nonces = settled.map((r) => (r.ok ? r.round.nonce : -1)).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 73 }, (_, i) => i));
    expect((await publicSeedInfo(test.handle.db, "u1")).nonce).toBe(73);
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });

  it("200 concurrent bets with wins from four wallets: every balance is its start minus stakes plus wins", async () => {
    const users = ["a", "b", "c", "d"];
    for (const [i, userId] of users.entries()) {
      await grant(test.handle, {
        userId,
        currency: "AMINA",
        amount: coins(0.01) * (i + 1),
        reason: "deposit",
      });
    }
    const stake = coins(0.003);
    const decide = winBelow(0.45, Math.floor(stake * 2.1));
    const results = await runAtOnce(200, (i) =>
      playRound(test.handle, testBet({ userId: users[i % 4] as string, currency: "AMINA", stake, decide })),
    );
    for (const [i, userId] of users.entries()) {
      const mine = results.filter((_, k) => k % 4 === i);
      const settled = mine.flatMap((r) => (r.ok ? [r.round] : []));
      const expected =
        coins(0.01) * (i + 1) - settled.length * stake + settled.reduce((sum, r) => sum + r.winAmount, 0);
      const balance = (await getBalances(test.handle.db, userId)).AMINA;
      expect(balance).toBe(expected);
      expect(balance).toBeGreaterThanOrEqual(0);
      // A refusal only ever happens when the stake was not covered at that moment.
      if (settled.length < mine.length) expect(balance).toBeLessThan(stake);
      expect(await listRounds(test.handle.db, userId, 1000)).toHaveLength(settled.length);
    }
    const report = await checkLedgerInvariants(test.handle.db);
    expect(report.ok).toBe(true);
    expect(report.totals.AMINA.users + report.totals.AMINA.house).toBe(coins(0.1));
  });

  it("concurrent bets of different players book to several house sub-accounts that sum to the players' losses", async () => {
    const users = Array.from({ length: 20 }, (_, i) => `p${i}`);
    for (const userId of users)
      await grant(test.handle, { userId, currency: "HC", amount: coins(100), reason: "new_user" });
    const results = await runAtOnce(200, (i) =>
      playRound(
        test.handle,
        testBet({ userId: users[i % users.length] as string, decide: winBelow(0.4, coins(2)) }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const houseRows = await test.handle.db
      .selectFrom("ledger_entries")
      .select("account_id")
      .distinct()
      .where("account_id", "like", "system:house%")
      .execute();
    const houses = houseRows.map((r) => r.account_id);
    expect(houses.every(isHouseAccount)).toBe(true);
    expect(houses).not.toContain("system:house");
    expect(houses.length).toBeGreaterThan(8);
    let playersNet = 0;
    for (const userId of users) playersNet += (await getBalances(test.handle.db, userId)).HC - coins(100);
    expect((await getHouseBalances(test.handle.db)).HC).toBe(-playersNet);
    const report = await checkLedgerInvariants(test.handle.db);
    expect(report.ok).toBe(true);
    expect(report.totals.HC.house).toBe(-playersNet);
  });

  it("20 concurrent openings of one game: exactly one round opens, the others are refused and charged nothing", async () => {
    await grant(test.handle, { userId: "u1", currency: "HC", amount: coins(100), reason: "new_user" });
    const results = await runAtOnce(20, () =>
      openRound(test.handle, testRound({ gameType: "hilo", stake: coins(5), start: () => ({ state: {} }) })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.code === "round/already_open")).toHaveLength(19);
    await expectHoldsAndBalanced(test.handle.db, "u1", coins(95));
  });
});

import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../db/test-databases.ts";
import { runSteps } from "../db/transaction.ts";
import { publicSeedInfo } from "../fairness/seeds.ts";
import { getBalances, grant } from "../ledger/ledger.ts";
import { moneyStoreOf } from "./select.ts";

describe.each(testDialects())("stake debit and nonce on %s", (dialect) => {
  const test = useTestDatabase(dialect, async (handle) => {
    await grant(handle, { userId: "u1", currency: "HC", amount: coins(10), reason: "new_user" });
  });

  const debit = (stake: number) =>
    runSteps(test.handle, (q) =>
      moneyStoreOf(q).placeStake(q, { userId: "u1", currency: "HC", stake }, Date.now()),
    ).then((placed) => {
      if (placed && !placed.ok) throw new Error(`refused by a limit: ${placed.code}`);
      return placed?.fair;
    });

  it("debits the stake and reserves consecutive nonces, creating the seed on first use", async () => {
    const first = await debit(coins(1));
    const second = await debit(coins(2));
    expect(first?.nonce).toBe(0);
    expect(second).toMatchObject({ nonce: 1, seedId: first?.seedId, serverSeedHash: first?.serverSeedHash });
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(coins(7));
    expect((await publicSeedInfo(test.handle.db, "u1")).nonce).toBe(2);
  });

  // Invariant: a stake the balance does not cover moves no money and burns no nonce.
  it("refuses an uncovered stake without advancing the nonce", async () => {
    await publicSeedInfo(test.handle.db, "u1");
    expect(await debit(coins(11))).toBeUndefined();
    expect(await debit(coins(11))).toBeUndefined();
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(coins(10));
    expect((await publicSeedInfo(test.handle.db, "u1")).nonce).toBe(0);
    expect((await debit(coins(10)))?.nonce).toBe(0);
  });
});

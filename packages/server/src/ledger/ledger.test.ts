import { coins } from "@casino/protocol";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connect.ts";
import { testDialects, useTestDatabase } from "../db/test-databases.ts";
import { runInTransaction, runSteps } from "../db/transaction.ts";
import { EXTERNAL_ACCOUNT, escrowAccount, HOUSE_ACCOUNT, houseAccount } from "./accounts.ts";
import { expectHoldsAndBalanced } from "./ledger.test-helpers.ts";
import {
  checkLedgerInvariants,
  getBalances,
  getHouseBalances,
  grant,
  type Move,
  postTransfer,
  transferCoveredSteps,
  withdraw,
} from "./ledger.ts";

/** Posts an HC transfer in a transaction of its own. */
const transferHC = (handle: DatabaseHandle, kind: string, moves: Move[]) =>
  runInTransaction(handle, (trx) => postTransfer(trx, { kind, currency: "HC", moves }));

describe.each(testDialects())("ledger on %s", (dialect) => {
  const test = useTestDatabase(dialect);

  it("grants from the outside world and reports balances per currency", async () => {
    const granted = await grant(test.handle, {
      userId: "u1",
      currency: "HC",
      amount: coins(1000),
      reason: "new_user",
    });
    expect(granted.balances).toEqual({ HC: coins(1000), AMINA: 0 });
    await grant(test.handle, { userId: "u1", currency: "AMINA", amount: coins(0.005), reason: "deposit" });
    expect(await getBalances(test.handle.db, "u1")).toEqual({ HC: coins(1000), AMINA: 5000 });
    expect(await getBalances(test.handle.db, EXTERNAL_ACCOUNT)).toEqual({ HC: -coins(1000), AMINA: -5000 });
    expect(await getBalances(test.handle.db, "nobody")).toEqual({ HC: 0, AMINA: 0 });
  });

  it("withdraws up to the balance and refuses more, moving nothing", async () => {
    await grant(test.handle, { userId: "u1", currency: "AMINA", amount: 700, reason: "deposit" });
    const refused = await withdraw(test.handle, { userId: "u1", currency: "AMINA", amount: 701 });
    expect(refused).toMatchObject({ ok: false, code: "ledger/insufficient_funds" });
    expect((await getBalances(test.handle.db, "u1")).AMINA).toBe(700);
    const done = await withdraw(test.handle, { userId: "u1", currency: "AMINA", amount: 700 });
    expect(done).toMatchObject({ ok: true, balances: { AMINA: 0 } });
    const report = await checkLedgerInvariants(test.handle.db);
    expect(report.ok).toBe(true);
    expect(report.totals.AMINA).toEqual({ users: 0, house: 0, escrow: 0, external: 0, sum: 0 });
  });

  it("posts a transfer all or nothing: an uncovered second debit undoes the first", async () => {
    await grant(test.handle, { userId: "a", currency: "HC", amount: 100, reason: "adjustment" });
    await grant(test.handle, { userId: "b", currency: "HC", amount: 10, reason: "adjustment" });
    const table = escrowAccount("poker", "t1");
    const result = await transferHC(test.handle, "buy_in", [
      { accountId: "a", delta: -50, reason: "buy_in" },
      { accountId: "b", delta: -50, reason: "buy_in" },
      { accountId: table, delta: 100, reason: "buy_in" },
    ]);
    expect(result).toMatchObject({ ok: false, code: "ledger/insufficient_funds", accountId: "b" });
    expect((await getBalances(test.handle.db, "a")).HC).toBe(100);
    await expectHoldsAndBalanced(test.handle.db, table, 0);
  });

  it("leaves the caller's transaction unchanged when a transfer inside it is refused", async () => {
    await grant(test.handle, { userId: "a", currency: "HC", amount: 30, reason: "adjustment" });
    // The caller ignores the refusal and commits its own work: the ledger must still balance.
    await runInTransaction(test.handle, async (trx) => {
      await trx.insertInto("settings").values({ key: "note", value: "x", updated_at: 1 }).execute();
      await postTransfer(trx, {
        kind: "bet",
        currency: "HC",
        moves: [
          { accountId: "a", delta: -20, reason: "bet" },
          { accountId: "a", delta: -20, reason: "bet" },
          { accountId: HOUSE_ACCOUNT, delta: 40, reason: "bet" },
        ],
      });
      return { ok: true };
    });
    await expectHoldsAndBalanced(test.handle.db, "a", 30);
  });

  it("posts a covered transfer whole, and fails the transaction it is in when a debit is not covered", async () => {
    const table = escrowAccount("poker", "t1");
    await transferHC(test.handle, "buy_in", [
      { accountId: HOUSE_ACCOUNT, delta: -100, reason: "bot_buy_in" },
      { accountId: table, delta: 100, reason: "bot_buy_in" },
    ]);
    const rake = (units: number) => ({
      kind: "poker_rake",
      currency: "HC" as const,
      moves: [
        { accountId: table, delta: -units, reason: "poker_rake" },
        { accountId: houseAccount("t1"), delta: units, reason: "poker_rake" },
      ],
    });
    await runSteps(test.handle, function* (q) {
      yield* transferCoveredSteps(q, rake(30));
    });
    await expectHoldsAndBalanced(test.handle.db, table, 70);
    // 71 is more than the escrow holds: nothing of the transaction lands, not even its other writes.
    const uncovered = runSteps(test.handle, function* (q) {
      yield* transferCoveredSteps(q, rake(20));
      yield* transferCoveredSteps(q, rake(71));
    });
    await expect(uncovered).rejects.toThrow();
    await expectHoldsAndBalanced(test.handle.db, table, 70);
    // A missing account covers nothing.
    const missing = runSteps(test.handle, function* (q) {
      yield* transferCoveredSteps(q, {
        ...rake(1),
        moves: rake(1).moves.map((m) =>
          m.delta < 0 ? { ...m, accountId: escrowAccount("poker", "none") } : m,
        ),
      });
    });
    await expect(missing).rejects.toThrow();
    const report = await checkLedgerInvariants(test.handle.db);
    expect(report.ok).toBe(true);
    expect(report.totals.HC).toEqual({ users: 0, house: -70, escrow: 70, external: 0, sum: 0 });
  });

  it("lets system accounts go negative and escrow hold chips", async () => {
    const table = escrowAccount("poker", "t1");
    const result = await transferHC(test.handle, "bot_buy_in", [
      { accountId: HOUSE_ACCOUNT, delta: -500, reason: "bot_buy_in" },
      { accountId: table, delta: 500, reason: "bot_buy_in" },
    ]);
    expect(result.ok).toBe(true);
    const report = await checkLedgerInvariants(test.handle.db);
    expect(report.totals.HC).toEqual({ users: 0, house: -500, escrow: 500, external: 0, sum: 0 });
  });

  it("sums the old single house row and its sub-accounts as one house", async () => {
    await grant(test.handle, { userId: "a", currency: "HC", amount: 100, reason: "adjustment" });
    const bet = (house: string, delta: number) =>
      transferHC(test.handle, "bet", [
        { accountId: "a", delta: -delta, reason: "bet" },
        { accountId: house, delta, reason: "bet" },
      ]);
    expect((await bet(HOUSE_ACCOUNT, 10)).ok).toBe(true);
    const [one, two] = ["round-1", "round-9"].map(houseAccount);
    expect(one).not.toBe(two);
    expect((await bet(one as string, 20)).ok).toBe(true);
    expect((await bet(two as string, -5)).ok).toBe(true);
    expect((await getBalances(test.handle.db, two as string)).HC).toBe(-5);
    expect(await getHouseBalances(test.handle.db)).toEqual({ HC: 25, AMINA: 0 });
    const report = await checkLedgerInvariants(test.handle.db);
    expect(report.ok).toBe(true);
    expect(report.totals.HC).toMatchObject({ users: 75, house: 25, external: -100, sum: 0 });
  });

  it("throws on transfers that do not balance or carry fractional amounts (bugs, not refusals)", async () => {
    await expect(transferHC(test.handle, "x", [{ accountId: "a", delta: 5, reason: "x" }])).rejects.toThrow(
      /sum to zero/,
    );
    await expect(
      transferHC(test.handle, "x", [
        { accountId: "a", delta: 0.5, reason: "x" },
        { accountId: HOUSE_ACCOUNT, delta: -0.5, reason: "x" },
      ]),
    ).rejects.toThrow(/integer/);
  });

  it("finds a balance edited behind the ledger's back, an unbalanced transaction and lost money", async () => {
    await grant(test.handle, { userId: "u1", currency: "HC", amount: coins(10), reason: "adjustment" });
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
    await test.handle.db
      .updateTable("balances")
      .set({ balance: sql<number>`balance + 1` })
      .where("account_id", "=", "u1")
      .execute();
    await test.handle.db
      .insertInto("ledger_entries")
      .values({
        tx_id: "forged",
        account_id: "u2",
        currency: "AMINA",
        delta: 3,
        reason: "x",
        round_id: null,
        created_at: 1,
      })
      .execute();
    const report = await checkLedgerInvariants(test.handle.db);
    expect(report.ok).toBe(false);
    expect(report.mismatches).toEqual(
      expect.arrayContaining([
        {
          kind: "balance_vs_entries",
          accountId: "u1",
          currency: "HC",
          balance: coins(10) + 1,
          entriesSum: coins(10),
        },
        { kind: "balance_vs_entries", accountId: "u2", currency: "AMINA", balance: 0, entriesSum: 3 },
        { kind: "unbalanced_transaction", txId: "forged", currency: "AMINA", sum: 3 },
        { kind: "not_conserved", currency: "HC", sum: 1 },
      ]),
    );
  });
});

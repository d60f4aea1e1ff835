import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connect.ts";
import { type ReadRunner, startReadRunner } from "../db/read-worker.ts";
import { openTestDatabase, type TestDatabase, testDialects } from "../db/test-databases.ts";
import { runInTransaction } from "../db/transaction.ts";
import { type OperatorReadJobs, READ_JOBS_MODULE, readJobs } from "../operator/read-jobs.ts";
import { HOUSE_ACCOUNT } from "./accounts.ts";
import { readLedgerIncrement } from "./increment.ts";
import { checkLedgerInvariants } from "./invariants.ts";
import { playerTransfer, tamperOldestEntry } from "./ledger.test-helpers.ts";
import { grant, postTransfer } from "./ledger.ts";
import { saveLedgerIncrement } from "./running-sums.ts";
import { bookkeeperDb } from "./running-sums-tables.ts";

/** A bet of `stake` lost to the house by `userId`. */
function bet(handle: DatabaseHandle, userId: string, stake: number, house = HOUSE_ACCOUNT) {
  return runInTransaction(handle, (trx) => postTransfer(trx, playerTransfer("bet", userId, house, stake)));
}

/** Writes a ledger transaction straight into the tables, as a faulty or hostile writer would. */
async function insertRawTransaction(
  handle: DatabaseHandle,
  txId: string,
  moves: { accountId: string; delta: number; balanceDelta?: number }[],
) {
  await runInTransaction(handle, async (trx) => {
    await trx
      .insertInto("ledger_transactions")
      .values({ id: txId, kind: "raw", user_id: null, round_id: null, created_at: 1 })
      .execute();
    for (const m of moves) {
      await trx
        .insertInto("ledger_entries")
        .values({
          tx_id: txId,
          account_id: m.accountId,
          currency: "HC",
          delta: m.delta,
          reason: "raw",
          round_id: null,
          created_at: 1,
        })
        .execute();
      const change = m.balanceDelta ?? m.delta;
      const updated = await trx
        .updateTable("balances")
        .set((eb) => ({ balance: eb("balance", "+", change) }))
        .where("account_id", "=", m.accountId)
        .where("currency", "=", "HC")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0)
        await trx
          .insertInto("balances")
          .values({ account_id: m.accountId, currency: "HC", balance: change, updated_at: 1 })
          .execute();
    }
    return { ok: true };
  });
}

describe.each(testDialects())("the incremental bookkeeper on %s", (dialect) => {
  let test: TestDatabase;
  let now = 1_000_000;
  beforeEach(async () => {
    test = await openTestDatabase(dialect);
    for (const userId of ["u1", "u2", "u3"])
      await grant(test.handle, { userId, currency: "HC", amount: 1_000_000, reason: "adjustment" });
    await bet(test.handle, "u1", 1000);
  });
  afterEach(async () => {
    await test.cleanup();
  });

  /** One bookkeeper run: read in one snapshot, then save the sums and checkpoint. */
  async function runOnce() {
    now += 1000;
    const increment = await readLedgerIncrement(test.handle.db, { dialect, now });
    const saved = await saveLedgerIncrement(test.handle, increment, () => now);
    return { increment, saved, report: increment.report };
  }

  it("rebuilds the sums once, then reads only the entries since its checkpoint", async () => {
    const first = await runOnce();
    expect(first).toMatchObject({ saved: "saved", increment: { mode: "rebuild" }, report: { ok: true } });
    expect(first.report?.entriesChecked).toBe(8);
    await bet(test.handle, "u2", 500);
    await bet(test.handle, "u3", 700);
    const second = await runOnce();
    expect(second).toMatchObject({
      saved: "saved",
      increment: { mode: "incremental", fromEntryId: first.increment.throughEntryId, entriesCovered: 12 },
      report: { ok: true, entriesChecked: 4, transactionsChecked: 2, balancesChecked: 5 },
    });
    expect(second.report?.totals.HC).toEqual({
      users: 2_997_800,
      house: 2200,
      escrow: 0,
      external: -3_000_000,
      sum: 0,
    });
    const third = await runOnce();
    expect(third.report).toMatchObject({ ok: true, entriesChecked: 0 });
    const sums = await bookkeeperDb(test.handle.db).selectFrom("bookkeeper_sums").selectAll().execute();
    const u2 = sums.find((s) => s.account_id === "u2");
    expect(Number(u2?.total)).toBe(999_500);
  });

  it("finds a balance changed behind the ledger's back after the checkpoint", async () => {
    await runOnce();
    await bet(test.handle, "u2", 500);
    await test.handle.db
      .updateTable("balances")
      .set((eb) => ({ balance: eb("balance", "+", 5) }))
      .where("account_id", "=", "u3")
      .execute();
    const { report } = await runOnce();
    expect(report?.ok).toBe(false);
    expect(report?.mismatches).toEqual([
      {
        kind: "balance_vs_entries",
        accountId: "u3",
        currency: "HC",
        balance: 1_000_005,
        entriesSum: 1_000_000,
      },
      { kind: "not_conserved", currency: "HC", sum: 5 },
    ]);
    // The sums follow the ledger, not the balance: the mismatch stays until the balance is fixed.
    expect((await runOnce()).report?.ok).toBe(false);
    await test.handle.db
      .updateTable("balances")
      .set((eb) => ({ balance: eb("balance", "-", 5) }))
      .where("account_id", "=", "u3")
      .execute();
    expect((await runOnce()).report?.ok).toBe(true);
  });

  it("finds a transaction that does not sum to zero after the checkpoint", async () => {
    await runOnce();
    await insertRawTransaction(test.handle, "tx-unbalanced", [
      { accountId: "u1", delta: -300 },
      { accountId: HOUSE_ACCOUNT, delta: 200 },
    ]);
    const { report } = await runOnce();
    expect(report?.mismatches).toEqual([
      { kind: "unbalanced_transaction", txId: "tx-unbalanced", currency: "HC", sum: -100 },
      { kind: "not_conserved", currency: "HC", sum: -100 },
    ]);
  });

  it("finds a guarded balance below zero after the checkpoint", async () => {
    await runOnce();
    // Only a writer that bypasses the database's own guard can do this: switch the guard off.
    if (dialect === "sqlite") test.handle.sqlite?.pragma("ignore_check_constraints = ON");
    else await sql`alter table balances drop constraint balances_non_negative`.execute(test.handle.db);
    await insertRawTransaction(test.handle, "tx-overdraw", [
      { accountId: "u2", delta: -1_500_000 },
      { accountId: HOUSE_ACCOUNT, delta: 1_500_000 },
    ]);
    if (dialect === "sqlite") test.handle.sqlite?.pragma("ignore_check_constraints = OFF");
    const { report } = await runOnce();
    expect(report?.mismatches).toEqual([
      { kind: "negative_balance", accountId: "u2", currency: "HC", balance: -500_000 },
    ]);
  });

  it("leaves a change to an entry before the checkpoint to the full check", async () => {
    await runOnce();
    await tamperOldestEntry(test.handle.db);
    await bet(test.handle, "u2", 500);
    expect((await runOnce()).report?.ok).toBe(true);
    const full = await checkLedgerInvariants(test.handle.db);
    expect(full.ok).toBe(false);
    expect(full.mismatches.map((m) => m.kind).sort()).toEqual([
      "balance_vs_entries",
      "unbalanced_transaction",
    ]);
  });

  it("rebuilds when the checkpoint is ahead of the ledger or was left half written", async () => {
    await runOnce();
    await bookkeeperDb(test.handle.db)
      .updateTable("bookkeeper_state")
      .set({ through_entry_id: 1_000_000 })
      .execute();
    expect((await runOnce()).increment.mode).toBe("rebuild");
    await bookkeeperDb(test.handle.db)
      .updateTable("bookkeeper_state")
      .set({ status: "writing", updated_at: now })
      .execute();
    expect((await runOnce()).increment.mode).toBe("wait");
    now += 120_000;
    const again = await runOnce();
    expect(again).toMatchObject({ saved: "saved", increment: { mode: "rebuild" }, report: { ok: true } });
    expect((await runOnce()).increment.mode).toBe("incremental");
  });

  it("saves once when two processes check the same checkpoint", async () => {
    await runOnce();
    await bet(test.handle, "u2", 500);
    now += 1000;
    const a = await readLedgerIncrement(test.handle.db, { dialect, now });
    const b = await readLedgerIncrement(test.handle.db, { dialect, now });
    expect(await saveLedgerIncrement(test.handle, a, () => now)).toBe("saved");
    expect(await saveLedgerIncrement(test.handle, b, () => now)).toBe("stale");
    await bet(test.handle, "u2", 500);
    expect((await runOnce()).report).toMatchObject({ ok: true, entriesChecked: 2 });
  });
});

describe("the incremental bookkeeper on postgres, with transactions committing out of id order", () => {
  const run = testDialects().includes("postgres") ? it : it.skip;
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.cleanup();
  });

  run(
    "reads entries that commit after a later one, and forgets ids of rolled-back transactions",
    async () => {
      test = await openTestDatabase("postgres");
      const handle = test.handle;
      for (const userId of ["u1", "u2"])
        await grant(handle, { userId, currency: "HC", amount: 1_000_000, reason: "adjustment" });
      let now = 1;
      const runOnce = async () => {
        now += 1000;
        const increment = await readLedgerIncrement(handle.db, { dialect: "postgres", now });
        expect(await saveLedgerIncrement(handle, increment, () => now)).toBe("saved");
        return increment;
      };
      await runOnce();

      // A bet holds its entry ids uncommitted while a later bet commits and the bookkeeper runs.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let drawn!: () => void;
      const idsDrawn = new Promise<void>((resolve) => {
        drawn = resolve;
      });
      const slow = runInTransaction(handle, async (trx) => {
        const result = await postTransfer(trx, {
          kind: "bet",
          currency: "HC",
          moves: [
            { accountId: "u1", delta: -100, reason: "bet" },
            { accountId: `${HOUSE_ACCOUNT}:1`, delta: 100, reason: "bet" },
          ],
        });
        drawn();
        await held;
        return result;
      });
      await idsDrawn;
      await bet(handle, "u2", 200, `${HOUSE_ACCOUNT}:2`);
      const during = await runOnce();
      expect(during.report?.ok).toBe(true);
      expect(during.gaps.length).toBe(1);
      release();
      await slow;
      const after = await runOnce();
      expect(after.report).toMatchObject({ ok: true, entriesChecked: 2 });
      expect(after.gaps).toEqual([]);

      // A rolled-back transaction leaves ids that never commit: dropped once it has surely ended.
      await runInTransaction(handle, async (trx) => {
        await postTransfer(trx, {
          kind: "bet",
          currency: "HC",
          moves: [
            { accountId: "u1", delta: -100, reason: "bet" },
            { accountId: HOUSE_ACCOUNT, delta: 100, reason: "bet" },
          ],
        });
        return { ok: false };
      });
      await bet(handle, "u2", 200);
      const withGap = await runOnce();
      expect(withGap.gaps.length).toBe(1);
      // Other sessions on the server (other test files' transactions) may hold the snapshot
      // horizon back for a while: the gap must clear once they end, however long that is.
      let cleared = await runOnce();
      for (let i = 0; i < 400 && cleared.gaps.length > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        await bet(handle, "u2", 200);
        cleared = await runOnce();
      }
      expect(cleared.gaps).toEqual([]);
      expect(cleared.report?.ok).toBe(true);
      expect((await checkLedgerInvariants(handle.db)).ok).toBe(true);
    },
    120_000,
  );
});

describe("the full check on the read worker", () => {
  let test: TestDatabase;
  let reads: ReadRunner<OperatorReadJobs>;
  beforeEach(async () => {
    test = await openTestDatabase("sqlite");
    reads = startReadRunner(test.handle, READ_JOBS_MODULE, readJobs);
  });
  afterEach(async () => {
    await reads.close();
    await test.cleanup();
  });

  it("runs on its own thread and gives the same report as checkLedgerInvariants", async () => {
    expect(reads.where).toBe("worker");
    for (const userId of ["u1", "u2"])
      await grant(test.handle, { userId, currency: "HC", amount: 1_000_000, reason: "adjustment" });
    await bet(test.handle, "u1", 1000);
    // Chunks of 3 entries cut transactions in two: each part looks unbalanced until summed whole.
    const full = () => reads.run("ledger.full", { dialect: "sqlite", chunkEntries: 3 });
    expect(await full()).toEqual(await checkLedgerInvariants(test.handle.db));
    await insertRawTransaction(test.handle, "tx-bad", [{ accountId: "u2", delta: 7, balanceDelta: 9 }]);
    await test.handle.db
      .updateTable("ledger_entries")
      .set((eb) => ({ delta: eb("delta", "+", 1) }))
      .where("id", "=", 2)
      .execute();
    const inWorker = await full();
    expect(inWorker.ok).toBe(false);
    expect(inWorker.mismatches.map((m) => m.kind).sort()).toEqual([
      "balance_vs_entries",
      "balance_vs_entries",
      "not_conserved",
      "unbalanced_transaction",
      "unbalanced_transaction",
    ]);
    expect(inWorker).toEqual(await checkLedgerInvariants(test.handle.db));
  });

  it("reports a failing job as an error and keeps serving", async () => {
    await expect(reads.run("figures.timeline", null as never)).rejects.toThrow();
    expect(await reads.run("figures.roundsToday", { now: Date.now() })).toBe(0);
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AMINA_FAUCET_PER_WALLET, AMINA_TOTAL_SUPPLY, coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { type DatabaseHandle, dropPostgresSchema, openDatabase } from "../db/connect.ts";
import { postgresUrlForTests } from "../db/test-databases.ts";
import { runInTransaction } from "../db/transaction.ts";
import { checkLedgerInvariants, getHouseBalances } from "../ledger/ledger.ts";
import { CASINO_MIGRATIONS } from "../migrations.ts";
import { addressFromLabel } from "./ids.ts";
import { createSimulatedChain, HOUSE_FLOAT_AMINA } from "./simulated.ts";

/** Runs a test body on a fresh database of one kind and always cleans it up. */
type WithDatabase = (body: (handle: DatabaseHandle) => Promise<void>) => Promise<void>;

const pgUrl = postgresUrlForTests();
const databases: [string, WithDatabase][] = [
  [
    "SQLite",
    async (body) => {
      const dir = mkdtempSync(join(tmpdir(), "casino-chain-"));
      try {
        const handle = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: dir });
        await body(handle).finally(() => handle.close());
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  ],
];
if (pgUrl) {
  databases.push([
    "PostgreSQL",
    async (body) => {
      const schema = `casino_chain_${process.pid}_${Date.now()}`;
      try {
        const handle = await openDatabase({
          migrations: CASINO_MIGRATIONS,
          dataDir: tmpdir(),
          databaseUrl: pgUrl,
          pgSchema: schema,
        });
        await body(handle).finally(() => handle.close());
      } finally {
        await dropPostgresSchema(pgUrl, schema);
      }
    },
  ]);
}

describe.each(databases)("the simulated chain on %s", (_name, withDatabase) => {
  const total = async (handle: DatabaseHandle) =>
    (await handle.db.selectFrom("chain_accounts").select("amina").execute()).reduce(
      (s, r) => s + Number(r.amina),
      0,
    );

  it("mints the supply once, even when several processes start together", () =>
    withDatabase(async (handle) => {
      const chain = createSimulatedChain({ assetId: 1 });
      await Promise.all([chain.initialize(handle), chain.initialize(handle), chain.initialize(handle)]);
      await chain.initialize(handle);
      expect(await total(handle)).toBe(AMINA_TOTAL_SUPPLY);
      const figures = await chain.figures(handle.db);
      expect(figures).toEqual({
        custody: HOUSE_FLOAT_AMINA,
        wallets: 0,
        creatorReserve: AMINA_TOTAL_SUPPLY - HOUSE_FLOAT_AMINA,
        total: AMINA_TOTAL_SUPPLY,
      });
      expect((await getHouseBalances(handle.db)).AMINA).toBe(HOUSE_FLOAT_AMINA);
      expect((await checkLedgerInvariants(handle.db)).ok).toBe(true);
    }));

  it("moves AMINA only between addresses, never below zero, and the faucet stops when the reserve is dry", () =>
    withDatabase(async (handle) => {
      const chain = createSimulatedChain({ assetId: 1 });
      await chain.initialize(handle);
      const alice = addressFromLabel("alice");
      const funded = await runInTransaction(handle, (trx) => chain.fundNewWallet(trx, alice));
      expect(funded).toMatchObject({ from: chain.asset.creator, to: alice, amount: AMINA_FAUCET_PER_WALLET });
      const tooMuch = await runInTransaction(handle, (trx) =>
        chain.transferToCustody(trx, alice, coins(0.2)),
      );
      expect(tooMuch).toEqual({ ok: false, code: "chain/insufficient_funds" });
      const deposit = await runInTransaction(handle, (trx) =>
        chain.transferToCustody(trx, alice, coins(0.04)),
      );
      expect(
        deposit.ok && (await runInTransaction(handle, (trx) => chain.findTransfer(trx, deposit.transfer.id))),
      ).toMatchObject({
        from: alice,
        to: chain.custodyAddress,
        amount: coins(0.04),
      });
      expect(await chain.balanceOf(handle.db, alice)).toBe(coins(0.06));
      // Move the creator's reserve down to less than one faucet portion: new wallets then get nothing.
      const reserve = await chain.balanceOf(handle.db, chain.asset.creator);
      const drained = await runInTransaction(handle, (trx) =>
        chain.transferToCustody(trx, chain.asset.creator, reserve - coins(0.05)),
      );
      expect(drained.ok).toBe(true);
      expect(await total(handle)).toBe(AMINA_TOTAL_SUPPLY);
      expect(
        await runInTransaction(handle, (trx) => chain.fundNewWallet(trx, addressFromLabel("bob"))),
      ).toBeUndefined();
      expect(await chain.balanceOf(handle.db, addressFromLabel("bob"))).toBe(0);
      expect(await total(handle)).toBe(AMINA_TOTAL_SUPPLY);
    }));
});

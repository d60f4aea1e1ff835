/**
 * The simulated Algorand chain of demo mode, kept in chain_accounts / chain_transfers. At genesis
 * the creator holds the whole AMINA supply and seeds the casino's custody with the house float;
 * afterwards AMINA only moves between addresses, so the total on the chain is always the supply.
 */
import { AMINA_FAUCET_PER_WALLET, AMINA_TOTAL_SUPPLY, coins } from "@casino/protocol";
import { type Kysely, sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { runInTransaction } from "../db/transaction.ts";
import { EXTERNAL_ACCOUNT, houseAccount } from "../ledger/accounts.ts";
import { postTransfer } from "../ledger/ledger.ts";
import type { ChainAdapter, ChainAsset, ChainMove, ChainTransfer } from "./adapter.ts";
import { addressFromLabel, createTransactionId } from "./ids.ts";

/** The AMINA the house brings into the casino at genesis, so players' winnings can be withdrawn. */
export const HOUSE_FLOAT_AMINA = coins(100);

const GENESIS_KEY = "chain.genesis";

export interface SimulatedChainOptions {
  assetId: number;
  now?: () => number;
}

/** Credits an address, creating its account on first use. */
async function credit(trx: Kysely<Database>, address: string, amount: number): Promise<void> {
  await trx
    .insertInto("chain_accounts")
    .values({ address, amina: amount })
    .onConflict((oc) =>
      oc.column("address").doUpdateSet({ amina: sql<number>`chain_accounts.amina + excluded.amina` }),
    )
    .execute();
}

/** Debits an address only if it holds the amount; false otherwise (nothing changed). */
async function debitIfHeld(trx: Kysely<Database>, address: string, amount: number): Promise<boolean> {
  const result = await trx
    .updateTable("chain_accounts")
    .set({ amina: sql<number>`amina - ${amount}` })
    .where("address", "=", address)
    .where("amina", ">=", amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Creates the simulated chain adapter for an asset id. */
export function createSimulatedChain(options: SimulatedChainOptions): ChainAdapter {
  const now = options.now ?? Date.now;
  const creator = addressFromLabel("amina-casino:simulated-creator");
  const custodyAddress = addressFromLabel("amina-casino:simulated-custody");
  const asset: ChainAsset = {
    id: options.assetId,
    name: "AMINA",
    unitName: "AMINA",
    decimals: 6,
    totalSupply: AMINA_TOTAL_SUPPLY,
    creator,
  };

  /** Moves AMINA between two addresses and records the transfer; refuses to overdraw. */
  const move = async (trx: Kysely<Database>, from: string, to: string, amount: number, note: string) => {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new Error(`simulated chain: bad amount ${amount}`);
    if (!(await debitIfHeld(trx, from, amount)))
      return { ok: false, code: "chain/insufficient_funds" } as const;
    await credit(trx, to, amount);
    const transfer: ChainTransfer = { id: createTransactionId(), from, to, amount, note, createdAt: now() };
    await trx
      .insertInto("chain_transfers")
      .values({
        id: transfer.id,
        from_address: from,
        to_address: to,
        amount,
        note,
        created_at: transfer.createdAt,
      })
      .execute();
    return { ok: true, transfer } as const;
  };

  return {
    mode: "demo",
    network: "Algorand",
    asset,
    custodyAddress,

    async initialize(handle: DatabaseHandle) {
      await runInTransaction(handle, async (trx) => {
        const claimed = await trx
          .insertInto("settings")
          .values({ key: GENESIS_KEY, value: new Date(now()).toISOString(), updated_at: now() })
          .onConflict((oc) => oc.column("key").doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) !== 1) return { ok: true };
        await trx
          .insertInto("chain_accounts")
          .values({ address: creator, amina: AMINA_TOTAL_SUPPLY })
          .execute();
        const float = await move(trx, creator, custodyAddress, HOUSE_FLOAT_AMINA, "house float");
        if (!float.ok) throw new Error("simulated chain: the creator cannot fund the house float");
        const posted = await postTransfer(trx, {
          kind: "house_float",
          currency: "AMINA",
          moves: [
            { accountId: EXTERNAL_ACCOUNT, delta: -HOUSE_FLOAT_AMINA, reason: "house_float" },
            { accountId: houseAccount("house_float"), delta: HOUSE_FLOAT_AMINA, reason: "house_float" },
          ],
        });
        if (!posted.ok) throw new Error("simulated chain: the house float could not be booked");
        return { ok: true };
      });
    },

    async balanceOf(db, address) {
      const row = await db
        .selectFrom("chain_accounts")
        .select("amina")
        .where("address", "=", address)
        .executeTakeFirst();
      return row ? Number(row.amina) : 0;
    },

    async fundNewWallet(trx, address) {
      const funded = await move(trx, creator, address, AMINA_FAUCET_PER_WALLET, "faucet");
      return funded.ok ? funded.transfer : undefined;
    },

    transferToCustody(trx, from, amount): Promise<ChainMove> {
      return move(trx, from, custodyAddress, amount, "deposit");
    },

    async findTransfer(trx, id) {
      const row = await trx.selectFrom("chain_transfers").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        from: row.from_address,
        to: row.to_address,
        amount: Number(row.amount),
        note: row.note,
        createdAt: Number(row.created_at),
      };
    },

    sendWithdrawal(trx, to, amount): Promise<ChainMove> {
      return move(trx, custodyAddress, to, amount, "withdrawal");
    },

    async figures(db) {
      const rows = await db.selectFrom("chain_accounts").select(["address", "amina"]).execute();
      let custody = 0;
      let creatorReserve = 0;
      let wallets = 0;
      for (const row of rows) {
        const amount = Number(row.amina);
        if (row.address === custodyAddress) custody += amount;
        else if (row.address === creator) creatorReserve += amount;
        else wallets += amount;
      }
      return { custody, wallets, creatorReserve, total: custody + wallets + creatorReserve };
    },
  };
}

/**
 * The blockchain as the casino sees it. Demo mode runs a simulated chain in the casino's own
 * database; a real Algorand adapter (algosdk: verify a deposit by transaction id, send a
 * withdrawal) implements the same interface.
 */
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";

/** The AMINA asset as the status endpoint publishes it (amounts in micro-units). */
export interface ChainAsset {
  id: number;
  name: string;
  unitName: string;
  decimals: number;
  totalSupply: number;
  creator: string;
}

/** One transfer of AMINA on the chain; `id` is the transaction id a deposit names as txnHash. */
export interface ChainTransfer {
  id: string;
  from: string;
  to: string;
  amount: number;
  note: string;
  createdAt: number;
}

/** Where the supply sits, in micro-units: the casino's custody, players' wallets, the creator's reserve. */
export interface ChainFigures {
  custody: number;
  wallets: number;
  creatorReserve: number;
  total: number;
}

export type ChainMove =
  | { ok: true; transfer: ChainTransfer }
  | { ok: false; code: "chain/insufficient_funds" | "chain/unsupported" };

/** What the cashier needs from a chain; every call runs inside the caller's database transaction. */
export interface ChainAdapter {
  readonly mode: "demo" | "live";
  readonly network: string;
  readonly asset: ChainAsset;
  /** The casino's deposit address: deposits are transfers to it, withdrawals come from it. */
  readonly custodyAddress: string;
  /** Prepares the chain once per database (the simulated chain mints its supply here). */
  initialize(handle: DatabaseHandle): Promise<void>;
  /** A wallet's AMINA on the chain. */
  balanceOf(db: Kysely<Database>, address: string): Promise<number>;
  /** Gives a new wallet a little AMINA to try with, while the faucet lasts (demo only). */
  fundNewWallet(trx: Kysely<Database>, address: string): Promise<ChainTransfer | undefined>;
  /** Makes the deposit transfer wallet -> custody on the player's behalf (demo only). */
  transferToCustody(trx: Kysely<Database>, from: string, amount: number): Promise<ChainMove>;
  /** Looks up a transfer by transaction id, to verify a deposit. */
  findTransfer(trx: Kysely<Database>, id: string): Promise<ChainTransfer | undefined>;
  /** Pays a withdrawal custody -> wallet. */
  sendWithdrawal(trx: Kysely<Database>, to: string, amount: number): Promise<ChainMove>;
  /** Where the supply sits now. */
  figures(db: Kysely<Database>): Promise<ChainFigures>;
}

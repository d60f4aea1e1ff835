/**
 * A currency's hash chain in the database: made once at first start (a random secret last hash,
 * hashed down to the terminal a slice at a time so the event loop keeps serving), stored as its
 * checkpoints, and read back as any round's hash in at most `checkpoint_every` SHA-256 steps.
 * The salt is the hash of an Algorand block announced with the terminal; the casino cannot know it
 * when it commits. In demo mode the simulated chain has no blocks, so the block's hash is drawn at
 * random only after the terminal is stored, standing in for the block mined later.
 */
import { createHash, randomBytes } from "node:crypto";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Currency } from "@casino/protocol";
import {
  buildChainCheckpoints,
  CRASH_CHAIN_LENGTH,
  CRASH_CHECKPOINT_EVERY,
  checkpointFor,
  roundHashFromCheckpoint,
} from "@casino/protocol/games/crash/chain";
import type { DatabaseHandle } from "../db/connect.ts";
import { type CrashChainsTable, crashDb } from "./tables.ts";

/** How a chain is made: its size, and (for tests) a fixed secret and salt. */
export interface ChainOptions {
  length?: number;
  every?: number;
  lastHash?: string;
  salt?: string;
  /** Told of the progress while the chain is made (hashes done, of `length`). */
  progress?: (done: number, length: number) => void;
}

/** The public part of a chain, as the verify page and the rooms publish it. */
export interface PublicChain {
  currency: Currency;
  terminal: string;
  length: number;
  saltBlock: number;
  salt: string;
}

/** The Algorand round announced with a chain: a demo stand-in some way above the simulated chain's. */
const DEMO_SALT_BLOCK = 1_000;

/** SHA-256 of a text in hex with node's native hash: the same value as the protocol's, about 4x faster. */
function nativeSha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Reads a currency's chain row. */
async function chainRow(handle: DatabaseHandle, currency: Currency): Promise<CrashChainsTable | undefined> {
  return crashDb(handle.db)
    .selectFrom("crash_chains")
    .selectAll()
    .where("currency", "=", currency)
    .executeTakeFirst();
}

/** Makes and stores a currency's chain unless it exists; returns its public part. */
export async function ensureChain(
  handle: DatabaseHandle,
  currency: Currency,
  options: ChainOptions = {},
): Promise<PublicChain> {
  const existing = await chainRow(handle, currency);
  if (existing?.salt) return toPublic(existing);
  if (!existing) await storeNewChain(handle, currency, options);
  // The salt comes after the commitment: the announced block's hash.
  const salt = options.salt ?? randomBytes(32).toString("hex");
  await crashDb(handle.db)
    .updateTable("crash_chains")
    .set({ salt })
    .where("currency", "=", currency)
    .where("salt", "is", null)
    .execute();
  const row = await chainRow(handle, currency);
  if (!row?.salt) throw new Error(`crash chain of ${currency} is missing after creation`);
  return toPublic(row);
}

/** Builds the checkpoints off the event loop's critical path and stores them with the terminal. */
async function storeNewChain(
  handle: DatabaseHandle,
  currency: Currency,
  options: ChainOptions,
): Promise<void> {
  const length = options.length ?? CRASH_CHAIN_LENGTH;
  const every = options.every ?? CRASH_CHECKPOINT_EVERY;
  const lastHash = options.lastHash ?? randomBytes(32).toString("hex");
  const steps = buildChainCheckpoints(lastHash, length, every, 10_000, nativeSha256Hex);
  let step = steps.next();
  while (!step.done) {
    options.progress?.(step.value, length);
    await yieldToEventLoop();
    step = steps.next();
  }
  const checkpoints = step.value;
  const terminal = checkpoints.get(0);
  if (!terminal) throw new Error("crash chain: no terminal");
  const db = crashDb(handle.db);
  await db.transaction().execute(async (trx) => {
    const rows = [...checkpoints].map(([idx, hash]) => ({ currency, idx, hash }));
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto("crash_checkpoints")
        .values(rows.slice(i, i + 200))
        .execute();
    await trx
      .insertInto("crash_chains")
      .values({
        currency,
        terminal,
        length,
        checkpoint_every: every,
        salt_block: DEMO_SALT_BLOCK,
        salt: null,
        lease_owner: null,
        lease_expires_at: null,
        lease_epoch: 0,
        created_at: Date.now(),
      })
      .execute();
  });
}

/** The hash of round `round` (1-based) of a currency's chain. */
export async function roundHashOf(
  handle: DatabaseHandle,
  currency: Currency,
  round: number,
): Promise<string> {
  const chain = await chainRow(handle, currency);
  if (!chain) throw new Error(`crash chain of ${currency} does not exist`);
  const length = Number(chain.length);
  if (round < 1 || round > length) throw new Error(`crash chain of ${currency} has no round ${round}`);
  const at = checkpointFor(round, Number(chain.checkpoint_every));
  const row = await crashDb(handle.db)
    .selectFrom("crash_checkpoints")
    .select("hash")
    .where("currency", "=", currency)
    .where("idx", "=", at)
    .executeTakeFirstOrThrow();
  return roundHashFromCheckpoint(row.hash, at, round);
}

/** The public part of a chain row. */
function toPublic(row: CrashChainsTable): PublicChain {
  return {
    currency: row.currency,
    terminal: row.terminal,
    length: Number(row.length),
    saltBlock: Number(row.salt_block),
    salt: row.salt ?? "",
  };
}

/** A currency's published chain, if made. */
export async function publicChainOf(
  handle: DatabaseHandle,
  currency: Currency,
): Promise<PublicChain | undefined> {
  const row = await chainRow(handle, currency);
  return row?.salt ? toPublic(row) : undefined;
}

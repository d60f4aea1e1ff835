/**
 * Poker timings and policies, with the defaults a real table uses; tests and the load test pass
 * shorter timers and a seeded random source.
 */
import { hostname } from "node:os";
import { randomSeedHex } from "@casino/protocol";
import type { Dialect } from "../db/connect.ts";

/** What a casino may override (every field optional). */
export interface PokerOptions {
  /** Lease owner id of this process; default CASINO_NODE_ID, else one per SQLite file or per process. */
  nodeId?: string;
  /** Wait after 2+ players are ready before a hand starts by itself. */
  autoStartDelayMs?: number;
  /** Time to act before the time bank is used. */
  actionTimeoutMs?: number;
  /** Time bank a player starts with (and its cap). */
  timeBankMs?: number;
  /** Time bank given back after each hand played. */
  timeBankRefillMs?: number;
  /** Pause between the streets of an all-in runout. */
  runoutDelayMs?: number;
  /** How long a dropped player's seat is held for a reconnection. */
  reconnectGraceMs?: number;
  /** Hands a player may sit out before being removed (stack returned). */
  sitOutHandLimit?: number;
  /** Time a player may sit out before being removed. */
  sitOutMaxMs?: number;
  /** Bots on House tables (off for load tests). */
  bots?: boolean;
  /** Players a House table is filled up to with bots when humans sit. */
  botTargetPlayers?: number;
  /** Bots act after a delay drawn from this range (ms). */
  botDelayMs?: readonly [number, number];
  /** Monte Carlo trials per bot decision after the flop. */
  botEquityTrials?: number;
  /** Lease length; renewed every third of it. */
  leaseTtlMs?: number;
  /** How often idle sit-outs are checked. */
  housekeepingMs?: number;
  /** Random source of bot decisions and delays (seeded in tests); never used for dealing. */
  random?: () => number;
  /** Secret seed of each hand's deck; cryptographically random unless a test fixes it. */
  createHandSeed?: () => string;
}

/** Every setting resolved. */
export type PokerSettings = Required<Omit<PokerOptions, "nodeId">> & { nodeId: string };

/** The defaults of a real table. */
export const DEFAULT_POKER_SETTINGS = {
  autoStartDelayMs: 3000,
  actionTimeoutMs: 20_000,
  timeBankMs: 30_000,
  timeBankRefillMs: 2000,
  runoutDelayMs: 1000,
  reconnectGraceMs: 60_000,
  sitOutHandLimit: 5,
  sitOutMaxMs: 5 * 60_000,
  bots: true,
  botTargetPlayers: 4,
  botDelayMs: [500, 2000] as const,
  botEquityTrials: 300,
  leaseTtlMs: 30_000,
  housekeepingMs: 5000,
} as const;

/** Resolves the options of a casino over the defaults. */
export function resolvePokerSettings(options: PokerOptions, dialect: Dialect): PokerSettings {
  const nodeId =
    options.nodeId ??
    process.env.CASINO_NODE_ID ??
    (dialect === "sqlite" ? "sqlite-local" : `${hostname()}:${process.pid}:${randomSeedHex(4)}`);
  return {
    ...DEFAULT_POKER_SETTINGS,
    random: Math.random,
    createHandSeed: () => randomSeedHex(),
    ...definedOnly(options),
    nodeId,
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

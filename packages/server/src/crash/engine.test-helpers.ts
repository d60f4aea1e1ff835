/**
 * Supernova engines for tests: the fixed test chain of docs/FAIRNESS.md (rounds 1-5 crash at
 * 5.02x, 3.04x, 3.81x, 1.34x and 61.17x), a clock the test moves by hand, and no timer: the test
 * calls step() itself.
 */
import type { Currency } from "@casino/protocol";
import type { DatabaseHandle } from "../db/connect.ts";
import type { RoundRecord } from "../rounds/types.ts";
import { ensureChain } from "./chain-store.ts";
import { CrashEngine, type CrashFrame } from "./engine.ts";
import { acquireCrashLease } from "./lease.ts";

/** The test chain's secret last hash, salt and terminal. */
export const TEST_CHAIN = {
  lastHash: "4f11b58682eeeb370a7eb8bea42e331f87648f56c211d5b563d2178d08a36db2",
  salt: "9c3bd9be2bdfc40d3f38ab3d552719b7d9bc0f361f15e634f21e7819fc43b5b3",
  terminal: "01796b19c131160d5b4b8ee2a63602005a4e6e9e589d33e039c028ccc616a5aa",
  length: 2000,
  crashPoints: [502, 304, 381, 134, 6117],
} as const;

/** A clock a test sets by hand. */
export interface TestClock {
  now: () => number;
  set(ms: number): void;
}

/** A clock starting at 1,000,000 ms. */
export function createTestClock(): TestClock {
  let t = 1_000_000;
  return {
    now: () => t,
    set: (ms) => {
      t = ms;
    },
  };
}

/** An engine over the test chain, started (betting open on the next round), with the frames it sent. */
export async function startTestEngine(
  handle: DatabaseHandle,
  clock: TestClock,
  options: { currency?: Currency; profitCap?: number; observe?: (round: RoundRecord) => void } = {},
): Promise<{ engine: CrashEngine; frames: CrashFrame[] }> {
  const currency = options.currency ?? "HC";
  const chain = await ensureChain(handle, currency, {
    length: TEST_CHAIN.length,
    lastHash: TEST_CHAIN.lastHash,
    salt: TEST_CHAIN.salt,
  });
  // Each start takes the lease, as a new host would: a newer epoch than the rounds before it.
  const epoch = await acquireCrashLease(handle, currency, "test-host", clock.now());
  const engine = new CrashEngine({
    handle,
    currency,
    chain,
    ...(epoch === undefined ? {} : { epoch }),
    now: clock.now,
    ...(options.profitCap === undefined ? {} : { profitCap: options.profitCap }),
    ...(options.observe ? { observe: options.observe } : {}),
    log: (message, error) => {
      throw new Error(`${message}: ${String(error)}`);
    },
  });
  const frames: CrashFrame[] = [];
  engine.subscribe((frame) => frames.push(frame));
  await engine.start(0);
  return { engine, frames };
}

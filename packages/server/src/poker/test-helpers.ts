/**
 * Helpers for poker tests: a casino with short timers, funded demo players, waiting for a table to
 * reach a state, and the money checks every test ends with (ledger invariants, and each table's
 * escrow equal to its chips on the table).
 */
import { coins, createSeededRandom, potTotal } from "@casino/protocol";
import { afterEach, expect } from "vitest";
import { connectDemoClient, startTestCasino, type TestCasino, useCasino } from "../http/test-helpers.ts";
import { checkLedgerInvariants, getBalances, grant } from "../ledger/ledger.ts";
import { tableEscrowAccount } from "./escrow.ts";
import type { PokerOptions } from "./settings.ts";
import type { TableCore } from "./table-core.ts";

/** Timers short enough for tests; bots think little; randomness seeded. */
export function fastPokerOptions(overrides: PokerOptions = {}): PokerOptions {
  return {
    autoStartDelayMs: 60,
    actionTimeoutMs: 2000,
    timeBankMs: 0,
    timeBankRefillMs: 0,
    runoutDelayMs: 20,
    reconnectGraceMs: 2000,
    botDelayMs: [5, 20],
    botEquityTrials: 30,
    housekeepingMs: 250,
    leaseTtlMs: 5000,
    random: createSeededRandom(20_261_101),
    ...overrides,
  };
}

/** A casino with poker on short timers. */
export function startPokerCasino(options: PokerOptions = {}): Promise<TestCasino> {
  return startTestCasino({ poker: fastPokerOptions(options) });
}

/** The suite's casino with poker on short timers, its money checked conserved after each test. */
export function useCheckedPokerCasino(options: PokerOptions = {}): TestCasino {
  const casino = useCasino(() => startPokerCasino(options));
  afterEach(() => expectMoneyConserved(casino));
  return casino;
}

/**
 * A casino for Sit & Go tests: quick hands and bots, empty seats filled with bots at once, the
 * tournaments ticking every 20 ms with blind levels `levelMs` long; `options` adds poker settings.
 */
export async function startTournamentCasino(
  levelMs: number,
  options: PokerOptions = {},
): Promise<TestCasino> {
  const casino = await startPokerCasino({
    actionTimeoutMs: 40,
    timeBankMs: 0,
    autoStartDelayMs: 10,
    botDelayMs: [1, 3],
    ...options,
  });
  await casino.services.tournaments.configure({ levelMs, botFillMs: 0, tickMs: 20 });
  return casino;
}

/** A connected demo player (1000 HC), optionally granted AMINA. */
export async function createPlayer(casino: TestCasino, amina = 0) {
  const connected = await connectDemoClient(casino.url);
  if (amina > 0) {
    await grant(casino.handle, {
      userId: connected.user.id,
      currency: "AMINA",
      amount: coins(amina),
      reason: "adjustment",
    });
  }
  return { ...connected, userId: connected.user.id, token: connected.client.token! };
}

/** Polls until the check passes (or fails the test after the timeout: generous, as a loaded machine runs hands slowly). */
export async function waitFor<T>(
  check: () => T | undefined | false | null,
  timeoutMs = 15_000,
  what = "condition",
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false && value !== null) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Chips on a table right now: stacks plus everything in the middle of a live hand. */
export function chipsOnTable(table: TableCore): number {
  const stacks = table.state.seats.reduce((sum, p) => sum + (p?.stack ?? 0), 0);
  const hand = table.state.hand;
  return stacks + (hand && !hand.ended ? potTotal(hand) : 0);
}

/** The money checks: ledger invariants hold and every hosted table's escrow equals its chips. */
export async function expectMoneyConserved(casino: TestCasino): Promise<void> {
  const report = await checkLedgerInvariants(casino.handle.db);
  expect(report.mismatches).toEqual([]);
  expect(report.ok).toBe(true);
  const runtime = casino.services.poker;
  for (const summary of runtime.list()) {
    const table = runtime.hostedTable(summary.id);
    if (!table) continue;
    await table.drain();
    const escrow = (await getBalances(casino.handle.db, tableEscrowAccount(table.info.id)))[
      table.info.currency
    ];
    expect(escrow).toBe(chipsOnTable(table) * table.info.unitsPerChip);
  }
}

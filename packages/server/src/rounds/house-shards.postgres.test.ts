import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { postgresUrlForTests, useTestDatabase } from "../db/test-databases.ts";
import { runInTransaction } from "../db/transaction.ts";
import { EXTERNAL_ACCOUNT, houseAccount } from "../ledger/accounts.ts";
import { checkLedgerInvariants, getHouseBalances, grant, postTransfer } from "../ledger/ledger.ts";
import { playRound } from "./rounds.ts";
import type { RoundResult, SettledRound } from "./types.ts";

/** Resolves once `holds()` is true; fails after `ms`. */
async function waitUntil(holds: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.runIf(postgresUrlForTests())("house sub-accounts on PostgreSQL", () => {
  const test = useTestDatabase("postgres", undefined, 12);

  it("a transaction holding one house row delays only the bets that book to it", async () => {
    const users = Array.from({ length: 40 }, (_, i) => `p${i}`);
    for (const userId of users)
      await grant(test.handle, { userId, currency: "HC", amount: coins(10), reason: "new_user" });
    // Another transaction locks one house sub-account's row and keeps it until told to finish.
    const held = houseAccount("held-by-another-transaction");
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = runInTransaction(test.handle, async (trx) => {
      const moved = await postTransfer(trx, {
        kind: "adjustment",
        currency: "HC",
        moves: [
          { accountId: EXTERNAL_ACCOUNT, delta: -1, reason: "adjustment" },
          { accountId: held, delta: 1, reason: "adjustment" },
        ],
      });
      locked();
      await released;
      return moved;
    });
    await isLocked;

    const settledWhileHeld = new Set<string>();
    let holding = true;
    let done = 0;
    const bets = users.map((userId) =>
      playRound(test.handle, {
        userId,
        gameType: "dice",
        currency: "HC",
        stake: coins(1),
        input: {},
        decide: () => ({ win: 0, outcome: "lose" }),
      }).then((result: RoundResult<SettledRound>) => {
        done++;
        if (holding && result.ok) settledWhileHeld.add(result.round.id);
        return result;
      }),
    );
    // About 1 bet in HOUSE_SHARDS books to the held row; with one house row none could settle meanwhile.
    try {
      await waitUntil(() => done >= 30, 10_000, "30 bets to settle while one house row is held");
    } finally {
      holding = false;
      release();
    }
    expect((await holder).ok).toBe(true);
    const results = await Promise.all(bets);

    expect(results.every((r) => r.ok)).toBe(true);
    for (const result of results) {
      if (!result.ok) continue;
      const booksToHeld = houseAccount(result.round.id) === held;
      // A bet on the held row cannot have settled before the holder committed.
      if (booksToHeld) expect(settledWhileHeld.has(result.round.id)).toBe(false);
    }
    expect(settledWhileHeld.size).toBeGreaterThanOrEqual(30);
    expect((await getHouseBalances(test.handle.db)).HC).toBe(coins(40) + 1);
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });
});

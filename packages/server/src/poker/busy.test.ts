/**
 * A hand that ends while another process holds the database's write lock is stored once the lock
 * is gone (waited out off the event loop), and the table deals on: it does not halt.
 */
import { join } from "node:path";
import { legalActions } from "@casino/protocol";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestCasino } from "../http/test-helpers.ts";
import { findHand } from "./hand-store.ts";
import { createPlayer, expectMoneyConserved, startPokerCasino, waitFor } from "./test-helpers.ts";

describe("a poker hand ending while the database is busy", () => {
  let casino: TestCasino;
  beforeAll(async () => {
    casino = await startPokerCasino({ bots: false, autoStartDelayMs: 50 });
  });
  afterAll(() => casino?.stop());

  it("is stored once the lock is released, and the next hand starts", async () => {
    const runtime = casino.services.poker;
    for (const name of ["Ada", "Bob"]) {
      const player = await createPlayer(casino, 1);
      const joined = await runtime.join("nebula-amina-micro", {
        userId: player.userId,
        name,
        chips: 100,
        clientSeed: name,
      });
      expect(joined.result.ok).toBe(true);
    }
    const table = runtime.hostedTable("nebula-amina-micro")!;
    const hand = await waitFor(() => (table.isHandLive() ? table.state.hand : undefined), 5000, "a hand");
    const other = new SQLite(join(casino.dataDir, "casino.sqlite"));
    other.exec("begin immediate");
    let released = false;
    try {
      // Everyone checks or calls to the end; the settlement meets the held lock.
      const playing = (async () => {
        while (table.state.hand?.handNumber === hand.handNumber && !table.state.hand.ended) {
          const seat = table.state.hand.toAct;
          if (seat === null) {
            await new Promise((resolve) => setTimeout(resolve, 10));
            continue;
          }
          const legal = legalActions(table.state, seat);
          await table.act(
            table.state.seats[seat]!.playerId,
            table.state.version,
            legal.canCheck ? "check" : "call",
          );
        }
      })();
      await waitFor(() => table.state.hand?.ended, 5000, "the hand's end");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(table.live?.handNumber).toBe(hand.handNumber); // not stored yet
      other.exec("rollback");
      released = true;
      await playing;
    } finally {
      if (!released) other.exec("rollback");
      other.close();
    }
    await waitFor(
      () => table.state.handCount > hand.handNumber && table.isHandLive(),
      10_000,
      "the next hand",
    );
    expect(table.halted).toBe(false);
    const stored = await findHand(casino.handle.db, table.lastReveal!.handId);
    expect(stored?.status).toBe("ended");
    await expectMoneyConserved(casino);
  });
});

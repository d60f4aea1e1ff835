/**
 * On PostgreSQL every round trip inside a bet's transaction waits on the event loop while the
 * transaction holds its rows: a one-shot bet under limits is two (BEGIN, the limits, the stake and
 * the nonce; then the round, the ledger, the limits' count and COMMIT); without limits, once the
 * process knows the player's seed, one (store/postgres/one-trip-bet.ts).
 */
import { coins } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { countRoundTrips } from "../db/pg-round-trips.test-helpers.ts";
import { postgresUrlForTests, useTestDatabase } from "../db/test-databases.ts";
import { checkLedgerInvariants, getBalances, grant } from "../ledger/ledger.ts";
import { putLimits, readLimits } from "../responsible/service.ts";
import { playRound } from "./rounds.ts";
import { testBet } from "./test-helpers.ts";

describe.runIf(postgresUrlForTests())("a bet's round trips on PostgreSQL", () => {
  const test = useTestDatabase("postgres", async (handle) => {
    await grant(handle, { userId: "u1", currency: "HC", amount: coins(100), reason: "new_user" });
    // The first bet creates the player's seed pair (statements of its own).
    await playRound(handle, testBet({ decide: () => ({ win: 0, outcome: 0 }) }));
  });

  it("settles a bet without limits in one round trip", async () => {
    const trips = countRoundTrips(test.handle);
    const won = await playRound(test.handle, testBet({ decide: () => ({ win: coins(2), outcome: 0 }) }));
    expect(won).toMatchObject({ ok: true, balances: { HC: coins(100) } });
    expect(trips.count).toBe(1);
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });

  it("settles a bet under a loss limit in two round trips and counts it", async () => {
    const limit = { currency: "HC", kind: "loss", period: "day", amount: coins(5) } as const;
    await putLimits(test.handle, "u1", { limits: [limit] }, Date.now());
    const trips = countRoundTrips(test.handle);
    const lost = await playRound(
      test.handle,
      testBet({ stake: coins(3), decide: () => ({ win: 0, outcome: 0 }) }),
    );
    expect(lost).toMatchObject({ ok: true, balances: { HC: coins(96) } });
    expect(trips.count).toBe(2);
    const refused = await playRound(
      test.handle,
      testBet({ stake: coins(3), decide: () => ({ win: 0, outcome: 0 }) }),
    );
    expect(refused).toMatchObject({ ok: false, code: "limits/loss_limit_reached" });
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(coins(96));
    const view = await readLimits(test.handle, "u1", Date.now());
    // 1 HC lost by the first bet (counted from the history when the limit was set) and these 3.
    expect(view.limits.find((l) => l.kind === "loss" && l.period === "day")).toMatchObject({ used: "4" });
  });
});

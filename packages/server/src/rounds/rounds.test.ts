import { coins, roundFloats } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../db/test-databases.ts";
import { runInTransaction } from "../db/transaction.ts";
import { publicSeedInfo, rotateServerSeed } from "../fairness/seeds.ts";
import { expectHoldsAndBalanced } from "../ledger/ledger.test-helpers.ts";
import { checkLedgerInvariants, getBalances, getHouseBalances, grant } from "../ledger/ledger.ts";
import { findOpenRound, listOpenRoundsOlderThan, listRounds } from "./history.ts";
import { actOnRound, openRound, playRound } from "./rounds.ts";
import { testBet, testRound } from "./test-helpers.ts";

/** A dice-like rule: first float below one half doubles the stake. */
const decideDouble = (stake: number) => (fair: { serverSeed: string; clientSeed: string; nonce: number }) => {
  const [f = 0] = roundFloats(fair.serverSeed, fair.clientSeed, fair.nonce, 1);
  return { win: f < 0.5 ? stake * 2 : 0, outcome: { f } };
};

describe.each(testDialects())("round service on %s", (dialect) => {
  const test = useTestDatabase(dialect, async (handle) => {
    await grant(handle, { userId: "u1", currency: "HC", amount: coins(10), reason: "new_user" });
  });

  it("settles a one-shot bet in one go: stake to the house, win from it, a verifiable round row", async () => {
    const stake = coins(2);
    const result = await playRound(
      test.handle,
      testBet({
        stake,
        input: { betType: "low" },
        decide: decideDouble(stake),
      }),
    );
    if (!result.ok) throw new Error(result.code);
    const { round } = result;
    const [f = 0] = roundFloats((await serverSeedOf(round.seedId)) ?? "", round.clientSeed, round.nonce, 1);
    const expectedWin = f < 0.5 ? stake * 2 : 0;
    expect(round).toMatchObject({
      status: "settled",
      betAmount: stake,
      winAmount: expectedWin,
      nonce: 0,
      input: { betType: "low" },
    });
    expect(round.outcome).toEqual({ f });
    expect(result.balances.HC).toBe(coins(10) - stake + expectedWin);
    expect((await getHouseBalances(test.handle.db)).HC).toBe(stake - expectedWin);
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });

  async function serverSeedOf(seedId: string) {
    return (
      await test.handle.db
        .selectFrom("fair_seeds")
        .select("server_seed")
        .where("id", "=", seedId)
        .executeTakeFirst()
    )?.server_seed;
  }

  it("refuses a stake above the balance and a rule's error, changing nothing", async () => {
    const tooMuch = await playRound(
      test.handle,
      testBet({
        stake: coins(11),
        decide: decideDouble(coins(11)),
      }),
    );
    expect(tooMuch).toEqual({
      ok: false,
      code: "bet/insufficient_balance",
      message: "Insufficient balance!",
    });
    const ruleError = await playRound(
      test.handle,
      testBet({
        decide: () => ({ error: { code: "dice/bad_bet", message: "Pick a bet" } }),
      }),
    );
    expect(ruleError).toEqual({ ok: false, code: "dice/bad_bet", message: "Pick a bet" });
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(coins(10));
    expect((await publicSeedInfo(test.handle.db, "u1")).nonce).toBe(0);
    expect(await listRounds(test.handle.db, "u1", 10)).toEqual([]);
  });

  it("rolls back a rule that throws (a bug) and rethrows it", async () => {
    await expect(
      playRound(
        test.handle,
        testBet({
          decide: () => {
            throw new Error("rule bug");
          },
        }),
      ),
    ).rejects.toThrow("rule bug");
    await expectHoldsAndBalanced(test.handle.db, "u1", coins(10));
  });

  it("plays a multi-step round: open, double (extra stake), settle; one open round per game", async () => {
    const opened = await openRound(
      test.handle,
      testRound({
        stake: coins(3),
        input: { actions: [] },
        start: (fair) => ({ state: { position: 4, nonce: fair.nonce } }),
      }),
    );
    expect(opened).toMatchObject({
      ok: true,
      round: { status: "open", betAmount: coins(3), state: { position: 4 } },
      balances: { HC: coins(7) },
    });
    const second = await openRound(
      test.handle,
      testRound({
        start: () => ({ state: {} }),
      }),
    );
    expect(second).toMatchObject({ ok: false, code: "round/already_open" });
    expect((await findOpenRound(test.handle.db, "u1", "blackjack"))?.state).toEqual({
      position: 4,
      nonce: 0,
    });

    const doubled = await actOnRound(test.handle, {
      userId: "u1",
      gameType: "blackjack",
      act: (round, fair) => {
        expect(fair.nonce).toBe(round.nonce);
        return {
          state: { position: 5 },
          input: { actions: ["double"] },
          additionalStake: coins(3),
          settled: { win: coins(12), outcome: "win" },
        };
      },
    });
    expect(doubled).toMatchObject({
      ok: true,
      round: { status: "settled", betAmount: coins(6), winAmount: coins(12), outcome: "win" },
    });
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(coins(10) - coins(6) + coins(12));
    expect(await findOpenRound(test.handle.db, "u1", "blackjack")).toBeUndefined();
    expect(
      await actOnRound(test.handle, {
        userId: "u1",
        gameType: "blackjack",
        act: () => ({ state: {}, input: {} }),
      }),
    ).toMatchObject({
      ok: false,
      code: "round/not_found",
    });
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });

  it("refuses an extra stake the balance cannot cover and keeps the hand as it was", async () => {
    await openRound(
      test.handle,
      testRound({
        stake: coins(6),
        start: () => ({ state: { cards: 2 } }),
      }),
    );
    const refused = await actOnRound(test.handle, {
      userId: "u1",
      gameType: "blackjack",
      act: () => ({ state: { cards: 3 }, input: { actions: ["double"] }, additionalStake: coins(6) }),
    });
    expect(refused).toMatchObject({ ok: false, code: "bet/insufficient_balance" });
    const open = await findOpenRound(test.handle.db, "u1", "blackjack");
    expect(open).toMatchObject({ state: { cards: 2 }, betAmount: coins(6) });
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(coins(4));
  });

  it("settles a start that is already final (a natural) at once", async () => {
    const result = await openRound(
      test.handle,
      testRound({
        stake: coins(2),
        start: () => ({ state: { natural: true }, settled: { win: coins(5), outcome: "blackjack" } }),
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      round: { status: "settled", winAmount: coins(5) },
      balances: { HC: coins(13) },
    });
    expect(await findOpenRound(test.handle.db, "u1", "blackjack")).toBeUndefined();
  });

  it("lists history latest first and reveals a server seed only after rotation", async () => {
    for (let i = 0; i < 3; i++) {
      await playRound(
        test.handle,
        testBet({
          input: { i },
          decide: () => ({ win: 0, outcome: i }),
        }),
      );
    }
    const before = await listRounds(test.handle.db, "u1", 2);
    expect(before.map((r) => r.nonce)).toEqual([2, 1]);
    expect(before.every((r) => r.serverSeed === null)).toBe(true);
    const rotated = await rotateServerSeed(test.handle, "u1");
    if (!rotated.ok) throw new Error("rotation refused");
    await playRound(
      test.handle,
      testBet({
        decide: () => ({ win: 0, outcome: 3 }),
      }),
    );
    const after = await listRounds(test.handle.db, "u1", 10);
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({ nonce: 0, serverSeed: null, serverSeedHash: rotated.serverSeedHash });
    expect(after.slice(1).map((r) => r.serverSeed)).toEqual([
      rotated.previousServerSeed,
      rotated.previousServerSeed,
      rotated.previousServerSeed,
    ]);
    expect(after[1]).toMatchObject({
      gameType: "dice",
      betAmount: coins(1),
      winAmount: 0,
      currency: "HC",
      status: "settled",
      outcome: 2,
    });
  });

  it("finds open rounds untouched for a while, for the settler of abandoned hands", async () => {
    await openRound(
      test.handle,
      testRound({
        gameType: "hilo",
        start: () => ({ state: {} }),
      }),
    );
    expect(await listOpenRoundsOlderThan(test.handle.db, 60_000)).toEqual([]);
    const stale = await listOpenRoundsOlderThan(test.handle.db, -60_000);
    expect(stale.map((r) => [r.userId, r.gameType, r.status])).toEqual([["u1", "hilo", "open"]]);
  });

  it("plays inside the caller's transaction: committed with the caller's work, or rolled back with a refusal", async () => {
    const played = await runInTransaction(test.handle, async (trx) => {
      await trx.insertInto("settings").values({ key: "reply", value: "1", updated_at: 1 }).execute();
      return playRound(
        test.handle,
        testBet({
          stake: coins(4),
          decide: () => ({ win: 0, outcome: 0 }),
          trx,
        }),
      );
    });
    expect(played).toMatchObject({ ok: true, balances: { HC: coins(6) } });
    const refused = await runInTransaction(test.handle, async (trx) => {
      await trx.insertInto("settings").values({ key: "reply2", value: "1", updated_at: 1 }).execute();
      return playRound(
        test.handle,
        testBet({
          decide: () => ({ error: { code: "dice/bad_bet", message: "Pick a bet" } }),
          trx,
        }),
      );
    });
    expect(refused).toMatchObject({ ok: false, code: "dice/bad_bet" });
    const keys = await test.handle.db.selectFrom("settings").select("key").execute();
    expect(keys.map((k) => k.key)).toEqual(["reply"]);
    await expectHoldsAndBalanced(test.handle.db, "u1", coins(6));
  });

  it("plays a prepaid round (a free spin) without debiting, crediting only its win", async () => {
    const freeSpin = (win: number, outcome: string) =>
      playRound(
        test.handle,
        testBet({
          gameType: "slots",
          stake: 0,
          prepaid: true,
          input: { freeSpin: true },
          decide: () => ({ win, outcome }),
        }),
      );
    const free = await freeSpin(coins(3), "cluster");
    expect(free).toMatchObject({
      ok: true,
      round: { betAmount: 0, winAmount: coins(3) },
      balances: { HC: coins(13) },
    });
    const blank = await freeSpin(0, "nothing");
    expect(blank).toMatchObject({ ok: true, balances: { HC: coins(13) } });
    expect((await publicSeedInfo(test.handle.db, "u1")).nonce).toBe(2);
    await expect(
      playRound(
        test.handle,
        testBet({
          stake: 0,
          decide: () => ({ win: 0, outcome: 0 }),
        }),
      ),
    ).rejects.toThrow(/bad stake/);
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });
});

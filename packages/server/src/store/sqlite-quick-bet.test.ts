import { coins } from "@casino/protocol";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/test-databases.ts";
import { runSteps } from "../db/transaction.ts";
import { checkLedgerInvariants, getBalances, grant } from "../ledger/ledger.ts";
import { putLimits, readLimits } from "../responsible/service.ts";
import { playRound } from "../rounds/rounds.ts";
import { runAtOnce, testBet } from "../rounds/test-helpers.ts";
import { decideBet } from "./money-store.test-helpers.ts";
import { playQuickBetSqlite } from "./sqlite-quick-bet.ts";

describe("a paid one-shot bet's quick path on SQLite", () => {
  const test = useTestDatabase("sqlite", async (handle) => {
    await grant(handle, { userId: "u1", currency: "HC", amount: coins(10), reason: "new_user" });
    // The first bet creates the seed pair; the quick path needs one to read.
    await playRound(handle, testBet({ decide: () => ({ win: 0, outcome: 0 }) }));
  });

  /** u1's next nonce, the rows the bet writes and the player's balances. */
  async function snapshot() {
    const { rows } = await sql<{ nonce: number; rounds: number; entries: number; transactions: number }>`
      select (select next_nonce from fair_seeds where user_id = 'u1' and is_active = 1) as nonce,
        (select count(*) from game_rounds) as rounds, (select count(*) from ledger_entries) as entries,
        (select count(*) from ledger_transactions) as transactions`.execute(test.handle.db);
    return { ...rows[0], balances: await getBalances(test.handle.db, "u1") };
  }

  /** The quick path alone for a stake of u1 that pays `win`. */
  function quick(stake: number, win: number) {
    return runSteps(test.handle, (q) =>
      playQuickBetSqlite(
        q,
        { userId: "u1", currency: "HC", stake, decide: (fair) => decideBet(fair, stake, win, Date.now()) },
        Date.now(),
      ),
    );
  }

  it("settles a covered bet with the nonce advanced once, the balances it answers and balanced books", async () => {
    const before = await snapshot();
    const played = await quick(coins(2), coins(5));
    expect(played?.row).toMatchObject({ nonce: before.nonce, bet_amount: coins(2), win_amount: coins(5) });
    expect(played?.balances).toEqual({ HC: coins(12), AMINA: 0 });
    expect(await snapshot()).toMatchObject({
      nonce: Number(before.nonce) + 1,
      rounds: Number(before.rounds) + 1,
      transactions: Number(before.transactions) + 1,
      entries: Number(before.entries) + 4,
      balances: played?.balances,
    });
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });

  it("writes nothing for a stake the balance does not cover, and the round service then refuses it", async () => {
    const before = await snapshot();
    expect(await quick(coins(10), 0)).toBeUndefined();
    expect(await snapshot()).toEqual(before);
    const refused = await playRound(
      test.handle,
      testBet({ stake: coins(10), decide: () => ({ win: 0, outcome: 0 }) }),
    );
    expect(refused).toMatchObject({ ok: false, code: "bet/insufficient_balance" });
    expect(await snapshot()).toEqual(before);
  });

  it("leaves a player with limits to the ordinary bet, which counts and enforces them", async () => {
    const limit = { currency: "HC", kind: "loss", period: "day", amount: coins(3) } as const;
    await putLimits(test.handle, "u1", { limits: [limit] }, Date.now());
    const before = await snapshot();
    expect(await quick(coins(1), 0)).toBeUndefined();
    expect(await snapshot()).toEqual(before);
    const lose = () =>
      playRound(test.handle, testBet({ stake: coins(2), decide: () => ({ win: 0, outcome: 0 }) }));
    expect(await lose()).toMatchObject({ ok: true });
    expect(await lose()).toMatchObject({ ok: false, code: "limits/loss_limit_reached" });
    const used = (await readLimits(test.handle, "u1", Date.now())).limits.find(
      (l) => l.kind === "loss",
    )?.used;
    // The day's losses: the setup's 1 HC and this bet's 2 HC.
    expect(Number(used)).toBe(3);
  });

  it("lets exactly the covered ones of many concurrent bets settle, each on its own nonce", async () => {
    const before = await snapshot();
    const results = await runAtOnce(8, () =>
      playRound(test.handle, testBet({ stake: coins(3), decide: () => ({ win: 0, outcome: 0 }) })),
    );
    const settled = results.filter((r) => r.ok);
    expect(settled).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === "bet/insufficient_balance")).toBe(
      true,
    );
    const nonces = settled.map((r) => (r.ok ? r.round.nonce : -1));
    expect(new Set(nonces).size).toBe(3);
    expect(await snapshot()).toMatchObject({ nonce: Number(before.nonce) + 3, balances: { HC: coins(0) } });
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });
});

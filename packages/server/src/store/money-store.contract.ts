/**
 * The money store's contract: the same cases run against every implementation
 * (money-store.sqlite.test.ts, money-store.postgres.test.ts). Each case drives the store's
 * operations directly, inside real transactions on a real database, and checks the books after.
 */
import { coins } from "@casino/protocol";
import { sql } from "kysely";
import { expect, it } from "vitest";
import type { Dialect } from "../db/connect.ts";
import { createTimeOrderedId } from "../db/ids.ts";
import { useTestDatabase } from "../db/test-databases.ts";
import { runSteps } from "../db/transaction.ts";
import { reserveNonceSteps } from "../fairness/seeds.ts";
import { EXTERNAL_ACCOUNT, escrowAccount, houseAccount } from "../ledger/accounts.ts";
import { playerTransfer } from "../ledger/ledger.test-helpers.ts";
import { checkLedgerInvariants, getBalances, getHouseBalances, grant } from "../ledger/ledger.ts";
import { newRoundRow } from "../rounds/round-rows.ts";
import { runAtOnce } from "../rounds/test-helpers.ts";
import { type Draw, decideBet, placeAndSettleSteps, playBetSteps } from "./money-store.test-helpers.ts";
import { moneyStoreOf } from "./select.ts";

/** What an implementation promises beyond the common contract. */
export interface StoreTraits {
  /**
   * How a paid bet's quick path (playQuickBet) finds the fair context it draws from: "guessed" from
   * what the process remembers of the player's seed (and checked when it writes), or "read" from
   * the database inside the bet's own transaction (never stale).
   */
  quickBets: "guessed" | "read";
}

/** Declares the contract's cases for one database; call inside a describe block. */
export function describeMoneyStoreContract(dialect: Dialect, traits: StoreTraits): void {
  const test = useTestDatabase(dialect, async (handle) => {
    await grant(handle, { userId: "u1", currency: "HC", amount: coins(10), reason: "new_user" });
  });

  /** Row counts of every table a money operation writes, and u1's next nonce. */
  async function snapshot() {
    const count = async (table: "balances" | "ledger_entries" | "ledger_transactions" | "game_rounds") =>
      Number(
        (
          await test.handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirst()
        )?.n,
      );
    const seed = await test.handle.db
      .selectFrom("fair_seeds")
      .select("next_nonce")
      .where("user_id", "=", "u1")
      .where("is_active", "=", 1)
      .executeTakeFirst();
    return {
      balances: await getBalances(test.handle.db, "u1"),
      house: await getHouseBalances(test.handle.db),
      rows: await count("balances"),
      entries: await count("ledger_entries"),
      transactions: await count("ledger_transactions"),
      rounds: await count("game_rounds"),
      nonce: seed === undefined ? null : Number(seed.next_nonce),
    };
  }

  const expectBooksHold = async () => expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);

  // Invariant: a settled bet moves exactly stake - win from the player to the house, books balanced.
  it("places a stake and settles its round: the win credited, the house's net change, one round row", async () => {
    const won = await runSteps(test.handle, (q) => placeAndSettleSteps(q, coins(2), coins(5)));
    const lost = await runSteps(test.handle, (q) => placeAndSettleSteps(q, coins(3), 0));
    if (won === "insufficient" || lost === "insufficient") throw new Error("the stakes were covered");
    expect(won.balances.HC).toBe(coins(13));
    expect(lost.balances.HC).toBe(coins(10));
    expect([won.row.nonce, lost.row.nonce]).toEqual([0, 1]);
    const after = await snapshot();
    expect(after).toMatchObject({ balances: { HC: coins(10) }, house: { HC: 0 }, rounds: 2, nonce: 2 });
    await expectBooksHold();
  });

  // Invariant: a refusal changes nothing, not even the nonce.
  it("refuses a stake the balance does not cover and a transfer with an uncovered debit, writing nothing", async () => {
    await runSteps(test.handle, (q) => placeAndSettleSteps(q, coins(1), 0));
    const before = await snapshot();
    expect(await runSteps(test.handle, (q) => placeAndSettleSteps(q, coins(10), 0))).toBe("insufficient");
    // The caller commits its transaction after the refusal: the refusal itself must have undone its debits.
    const { refused } = await runSteps(test.handle, function* (q) {
      const refused = yield* moneyStoreOf(q).postTransfer(
        q,
        {
          kind: "buy_in",
          userId: "u1",
          currency: "HC",
          moves: [
            { accountId: "u1", delta: -coins(5), reason: "buy_in" },
            { accountId: "u2", delta: -coins(1), reason: "buy_in" },
            { accountId: escrowAccount("table", "t1"), delta: coins(6), reason: "buy_in" },
          ],
        },
        Date.now(),
      );
      return { refused };
    });
    expect(refused).toMatchObject({ ok: false, code: "ledger/insufficient_funds", accountId: "u2" });
    expect(await snapshot()).toEqual(before);
    await expectBooksHold();
  });

  // Invariant: a settlement replayed (a retried request, a second settle of one round) pays nothing twice.
  it("settles a round once: the same settlement again and a second settle of an open round change nothing", async () => {
    let replay: Parameters<ReturnType<typeof moneyStoreOf>["settleOneShot"]>[1] | undefined;
    await runSteps(test.handle, function* (q) {
      const store = moneyStoreOf(q);
      const now = Date.now();
      const placed = yield* store.placeStake(q, { userId: "u1", currency: "HC", stake: coins(1) }, now);
      if (!placed?.ok) throw new Error("the stake was covered");
      replay = { ...decideBet(placed.fair, coins(1), coins(4), now), placed, endsTransaction: true };
      return yield* store.settleOneShot(q, replay, now);
    });
    const settled = await snapshot();
    expect(settled.balances.HC).toBe(coins(13));
    await expect(
      runSteps(test.handle, (q) =>
        moneyStoreOf(q).settleOneShot(q, replay as NonNullable<typeof replay>, Date.now()),
      ),
    ).rejects.toThrow();
    expect(await snapshot()).toEqual(settled);

    const open = await runSteps(test.handle, function* (q) {
      const store = moneyStoreOf(q);
      const fair = yield* reserveNonceSteps(q, "u1", Date.now());
      const input = { userId: "u1", gameType: "hilo", currency: "HC" as const, stake: coins(1), input: {} };
      const row = newRoundRow(createTimeOrderedId(), input, fair, Date.now(), { step: 0 }, undefined);
      const first = yield* store.storeOpenRound(q, row);
      const second = yield* store.storeOpenRound(q, { ...row, id: createTimeOrderedId() });
      return { first, second, id: row.id };
    });
    expect(open).toMatchObject({ first: true, second: false });
    const settleOpen = (now: number) =>
      runSteps(test.handle, function* (q) {
        const store = moneyStoreOf(q);
        const row = yield* store.lockOpenRound(q, "u1", "hilo", now);
        if (!row) return false;
        yield* store.updateRound(q, row.id, {
          status: "settled",
          win_amount: 0,
          settled_at: now,
          updated_at: now,
        });
        return true;
      });
    expect(await settleOpen(Date.now())).toBe(true);
    expect(await settleOpen(Date.now())).toBe(false);
  });

  // Invariant: two bets racing for one balance never overdraw it, and never share a nonce.
  it("lets exactly one of two concurrent bets against a balance for one stake settle", async () => {
    await runSteps(test.handle, (q) => placeAndSettleSteps(q, coins(5), 0));
    const results = await runAtOnce(2, () => runSteps(test.handle, (q) => playBetSteps(q, coins(5), 0)));
    expect(results.filter((r) => r === "insufficient")).toHaveLength(1);
    const after = await snapshot();
    expect(after).toMatchObject({ balances: { HC: 0 }, house: { HC: coins(10) }, rounds: 2, nonce: 2 });
    await expectBooksHold();
  });

  // Invariant: a covered transfer whose debit is not covered is a broken invariant: its transaction fails whole.
  it("fails the whole transaction of a covered transfer its debit does not cover", async () => {
    const before = await snapshot();
    const transaction = runSteps(test.handle, function* (q) {
      const store = moneyStoreOf(q);
      const now = Date.now();
      const move = (accountId: string, delta: number) => ({ accountId, delta, reason: "cash_out" });
      yield* store.postTransfer(
        q,
        { kind: "grant", currency: "HC", moves: [move(EXTERNAL_ACCOUNT, -coins(1)), move("u2", coins(1))] },
        now,
      );
      yield* store.postCoveredTransfer(
        q,
        {
          kind: "cash_out",
          currency: "HC",
          moves: [move("u1", -coins(11)), move(houseAccount("t1"), coins(11))],
        },
        now,
      );
      return yield* store.readBalances(q, "u1");
    });
    await expect(transaction).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
    expect(await getBalances(test.handle.db, "u2")).toEqual({ HC: 0, AMINA: 0 });
  });

  // Invariant: money is conserved: every account's balance is its ledger sum, and all accounts sum to zero.
  it("conserves money across wallets, escrow, house and the outside world", async () => {
    const table = escrowAccount("table", "t1");
    await grant(test.handle, { userId: "u2", currency: "HC", amount: coins(4), reason: "new_user" });
    await runSteps(test.handle, function* (q) {
      const store = moneyStoreOf(q);
      const now = Date.now();
      const buyIn = (userId: string, amount: number) =>
        store.postTransfer(q, playerTransfer("buy_in", userId, table, amount), now);
      expect((yield* buyIn("u1", coins(6))).ok).toBe(true);
      expect((yield* buyIn("u2", coins(4))).ok).toBe(true);
      yield* store.postCoveredTransfer(
        q,
        {
          kind: "cash_out",
          currency: "HC",
          moves: [
            { accountId: table, delta: -coins(10), reason: "cash_out" },
            { accountId: "u2", delta: coins(9.5), reason: "cash_out" },
            { accountId: houseAccount("t1"), delta: coins(0.5), reason: "rake" },
          ],
        },
        now,
      );
      return yield* store.readBalances(q, "u2");
    });
    await runSteps(test.handle, (q) => placeAndSettleSteps(q, coins(1), coins(3)));
    const balances = await test.handle.db
      .selectFrom("balances")
      .select(["account_id", "balance"])
      .where("currency", "=", "HC")
      .execute();
    const held = Object.fromEntries(balances.map((b) => [b.account_id, Number(b.balance)]));
    expect(held).toMatchObject({ u1: coins(6), u2: coins(9.5), [table]: 0, [EXTERNAL_ACCOUNT]: -coins(14) });
    expect(Object.values(held).reduce((sum, b) => sum + b, 0)).toBe(0);
    expect((await getHouseBalances(test.handle.db)).HC).toBe(coins(0.5) - coins(2));
    await expectBooksHold();
  });

  // Invariant: a quick bet either settles its round whole or writes nothing.
  it("settles a paid bet at once from the player's seed when the store can, else plays it the ordinary way", async () => {
    await runSteps(test.handle, (q) => placeAndSettleSteps(q, coins(1), 0));
    const before = await snapshot();
    const drawn: Draw[] = [];
    const played = await runSteps(test.handle, (q) => playBetSteps(q, coins(2), coins(7), drawn));
    if (played === "insufficient") throw new Error("the stake was covered");
    // Quick or ordinary, the bet draws once, from the next nonce, and the books are the same.
    expect(drawn.map((f) => [f.nonce, f.via])).toEqual([[1, "quick"]]);
    expect(played.row.nonce).toBe(1);
    expect(played.balances.HC).toBe(coins(14));
    expect(await snapshot()).toMatchObject({
      balances: { HC: coins(14) },
      rounds: before.rounds + 1,
      nonce: 2,
    });
    await expectBooksHold();
    const quick = await runSteps(test.handle, (q) =>
      moneyStoreOf(q).playQuickBet(
        q,
        { userId: "u1", currency: "HC", stake: coins(1), decide: () => undefined },
        1,
      ),
    );
    expect(quick).toBeUndefined();
  });

  // Invariant: a guess gone stale (another process used the nonce) is never settled on; the bet draws again.
  it("draws again from the database when the remembered nonce was used elsewhere", async () => {
    await runSteps(test.handle, (q) => placeAndSettleSteps(q, coins(1), 0));
    await sql`update fair_seeds set next_nonce = next_nonce + 5 where user_id = 'u1' and is_active = 1`.execute(
      test.handle.db,
    );
    const drawn: Draw[] = [];
    const played = await runSteps(test.handle, (q) => playBetSteps(q, coins(2), 0, drawn));
    if (played === "insufficient") throw new Error("the stake was covered");
    // A guessing quick path draws first from the remembered nonce 1; the bet settles on the database's 6.
    expect(drawn.map((f) => [f.nonce, f.via])).toEqual(
      traits.quickBets === "guessed"
        ? [
            [1, "quick"],
            [6, "ordinary"],
          ]
        : [[6, "quick"]],
    );
    expect(played.row.nonce).toBe(6);
    expect(await snapshot()).toMatchObject({ balances: { HC: coins(7) }, rounds: 2, nonce: 7 });
    await expectBooksHold();
  });
}

/**
 * A bet drawn from the seed this process remembers settles in one round trip; when the seed, the
 * client seed, the nonce, the player's limits or the balance moved behind the process's back (as
 * another process would move them), the statement writes nothing and the bet is played the
 * ordinary way, from what the database holds.
 */
import { coins } from "@casino/protocol";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { countRoundTrips } from "../../db/pg-round-trips.test-helpers.ts";
import { postgresUrlForTests, useTestDatabase } from "../../db/test-databases.ts";
import type { FairContext } from "../../fairness/seeds.ts";
import { checkLedgerInvariants, getBalances, grant } from "../../ledger/ledger.ts";
import { putLimits, readLimits } from "../../responsible/service.ts";
import { playRound } from "../../rounds/rounds.ts";
import { runAtOnce, testBet, winBelow } from "../../rounds/test-helpers.ts";

describe.runIf(postgresUrlForTests())("a bet in one round trip on PostgreSQL", () => {
  const test = useTestDatabase("postgres", async (handle) => {
    await grant(handle, { userId: "u1", currency: "HC", amount: coins(100), reason: "new_user" });
    // The first bet creates the player's seed pair; the process remembers it from then on.
    await playRound(handle, testBet({ decide: () => ({ win: 0, outcome: 0 }) }));
  });

  /** Plays a 1 HC bet that wins 3 HC when its first float is below 0.5, recording what it drew from. */
  async function bet(stake = coins(1)) {
    const drawn: FairContext[] = [];
    const rule = winBelow(0.5, coins(3));
    const result = await playRound(
      test.handle,
      testBet({
        stake,
        decide: (fair) => {
          drawn.push(fair);
          return rule(fair);
        },
      }),
    );
    return { result, drawn };
  }

  /** The player's active seed row, as the database holds it. */
  async function activeSeed() {
    const { rows } = await sql<{ id: string; client_seed: string; next_nonce: number }>`
      select id, client_seed, next_nonce from fair_seeds where user_id = 'u1' and is_active = 1`.execute(
      test.handle.db,
    );
    const row = rows[0];
    if (!row) throw new Error("no active seed");
    return { ...row, next_nonce: Number(row.next_nonce) };
  }

  /** What the ledger says the player holds and whether every invariant holds. */
  async function books() {
    return {
      hc: (await getBalances(test.handle.db, "u1")).HC,
      invariants: (await checkLedgerInvariants(test.handle.db)).ok,
    };
  }

  it("settles the next bets in one round trip each, nonce after nonce, with exact books", async () => {
    const before = await activeSeed();
    const trips = countRoundTrips(test.handle);
    const first = await bet();
    const second = await bet();
    expect(trips.count).toBe(2);
    for (const [i, played] of [first, second].entries()) {
      expect(played.result.ok).toBe(true);
      expect(played.drawn).toHaveLength(1);
      if (!played.result.ok) continue;
      expect(played.result.round).toMatchObject({ nonce: before.next_nonce + i, seedId: before.id });
    }
    expect((await activeSeed()).next_nonce).toBe(before.next_nonce + 2);
    const won = [first, second].filter((p) => p.result.ok && p.result.round.winAmount > 0).length;
    const expected = coins(99) - coins(2) + won * coins(3);
    const last = second.result.ok ? second.result.balances.HC : -1;
    expect(last).toBe(expected);
    expect(await books()).toEqual({ hc: expected, invariants: true });
  });

  it("draws again from the database when another process used the next nonce", async () => {
    await bet();
    await sql`update fair_seeds set next_nonce = next_nonce + 5 where user_id = 'u1' and is_active = 1`.execute(
      test.handle.db,
    );
    const moved = await activeSeed();
    const { result, drawn } = await bet();
    // Drawn first from the remembered nonce, then again from the reserved one.
    expect(drawn.map((f) => f.nonce)).toEqual([moved.next_nonce - 5, moved.next_nonce]);
    expect(result).toMatchObject({ ok: true, round: { nonce: moved.next_nonce } });
    expect((await activeSeed()).next_nonce).toBe(moved.next_nonce + 1);
    expect((await books()).invariants).toBe(true);
    // A guess gone stale costs more than the ordinary bet: the player is not guessed for a while.
    const trips = countRoundTrips(test.handle);
    expect((await bet()).result).toMatchObject({ ok: true, round: { nonce: moved.next_nonce + 1 } });
    expect(trips.count).toBe(2);
  });

  it("uses a client seed another process set, never the remembered one", async () => {
    await bet();
    await sql`update fair_seeds set client_seed = 'changed-elsewhere' where user_id = 'u1' and is_active = 1`.execute(
      test.handle.db,
    );
    const { result, drawn } = await bet();
    expect(drawn.at(-1)?.clientSeed).toBe("changed-elsewhere");
    expect(result).toMatchObject({ ok: true, round: { clientSeed: "changed-elsewhere" } });
  });

  it("plays on a rotated seed, not on the revealed one", async () => {
    await bet();
    const old = await activeSeed();
    // Another process rotates: the remembered seed is no longer active.
    await sql`update fair_seeds set is_active = 0, revealed_at = 1 where id = ${old.id}`.execute(
      test.handle.db,
    );
    await sql`insert into fair_seeds (id, user_id, server_seed, server_seed_hash, client_seed, next_nonce, is_active, created_at)
      values ('rotated', 'u1', ${"ab".repeat(32)}, 'hash', 'client', 0, 1, 1)`.execute(test.handle.db);
    const { result } = await bet();
    expect(result).toMatchObject({ ok: true, round: { seedId: "rotated", nonce: 0 } });
    const { rows } = await sql<{
      next_nonce: number;
    }>`select next_nonce from fair_seeds where id = ${old.id}`.execute(test.handle.db);
    expect(Number(rows[0]?.next_nonce)).toBe(old.next_nonce);
  });

  it("counts the bet under limits another process set", async () => {
    await bet();
    // The same database through another builder: what this process remembers is not forgotten.
    const elsewhere = { ...test.handle, db: test.handle.db.withoutPlugins() };
    const limit = { currency: "HC", kind: "loss", period: "day", amount: coins(50) } as const;
    await putLimits(elsewhere, "u1", { limits: [limit] }, Date.now());
    const before = await readLimits(test.handle, "u1", Date.now());
    const { result } = await bet(coins(2));
    expect(result.ok).toBe(true);
    const after = await readLimits(test.handle, "u1", Date.now());
    const usedOf = (view: typeof before) => Number(view.limits.find((l) => l.kind === "loss")?.used);
    const lost = result.ok ? 2 - result.round.winAmount / coins(1) : Number.NaN;
    expect(usedOf(after) - usedOf(before)).toBe(lost);
  });

  it("refuses a stake the balance no longer covers and changes nothing", async () => {
    await bet();
    const seed = await activeSeed();
    // Another process spent the balance down to less than the stake.
    await sql`update balances set balance = 10 where account_id = 'u1' and currency = 'HC'`.execute(
      test.handle.db,
    );
    const { result } = await bet();
    expect(result).toMatchObject({ ok: false, code: "bet/insufficient_balance" });
    expect((await activeSeed()).next_nonce).toBe(seed.next_nonce);
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(10);
  });

  it("never gives one nonce to two bets when two processes bet for the player at once", async () => {
    const elsewhere = { ...test.handle, db: test.handle.db.withoutPlugins() };
    // Both processes learn the seed, then bet 12 times each, side by side.
    await playRound(elsewhere, testBet({ decide: () => ({ win: 0, outcome: 0 }) }));
    await bet();
    const before = await activeSeed();
    const rule = winBelow(0.5, coins(3));
    // Each process bets 12 times one after the other (each bet drawn from what the last taught
    // it), while the other does the same: their guesses go stale against each other's bets.
    const series = async (handle: typeof test.handle) => {
      const played = [];
      for (let i = 0; i < 12; i++) played.push(await playRound(handle, testBet({ decide: rule })));
      return played;
    };
    const results = (await runAtOnce(2, (i) => series(i ? elsewhere : test.handle))).flat();
    const nonces = results.map((r) => (r.ok ? r.round.nonce : -1)).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 24 }, (_, i) => before.next_nonce + i));
    expect((await activeSeed()).next_nonce).toBe(before.next_nonce + 24);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from game_rounds where user_id = 'u1' and nonce >= ${before.next_nonce}`.execute(
      test.handle.db,
    );
    expect(rows[0]?.n).toBe(24);
    expect((await books()).invariants).toBe(true);
  });

  it("plays a player whose bets alternate between two processes the ordinary way after one stale guess each", async () => {
    const elsewhere = { ...test.handle, db: test.handle.db.withoutPlugins() };
    const rule = winBelow(0.5, coins(3));
    const on = (handle: typeof test.handle) => playRound(handle, testBet({ decide: rule }));
    await on(elsewhere);
    // Each process's guess is stale once (the other bet since), and pauses the player there.
    await on(test.handle);
    await on(elsewhere);
    const trips = countRoundTrips(test.handle);
    for (let i = 0; i < 4; i++) expect((await on(i % 2 ? elsewhere : test.handle)).ok).toBe(true);
    expect(trips.count).toBe(8);
    expect((await books()).invariants).toBe(true);
  });
});

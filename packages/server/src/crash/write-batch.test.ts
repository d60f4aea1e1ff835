import { coins } from "@casino/protocol";
import { multiplierAt, timeToReach } from "@casino/protocol/games/crash/flight";
import { describe, expect, it } from "vitest";
import { postgresUrlForTests, useTestDatabase } from "../db/test-databases.ts";
import { checkLedgerInvariants } from "../ledger/invariants.ts";
import { getBalances, grant } from "../ledger/ledger.ts";
import { startCoolOff } from "../responsible/service.ts";
import type { RoundRecord } from "../rounds/types.ts";
import { CRASH_GAME, settleLostBetsSteps } from "./bets.ts";
import { createTestClock, startTestEngine } from "./engine.test-helpers.ts";
import type { CrashReply } from "./engine.ts";
import { acquireCrashLease } from "./lease.ts";
import { MAX_BATCH_WRITES } from "./write-batch.ts";

const START = coins(100);
const PLAYERS = Array.from({ length: 12 }, (_, i) => `p${i}`);

/** What a reply says: "ok" or the refusal's code. */
const codeOf = (reply: CrashReply) => (reply.ok ? "ok" : reply.code);

const DIALECTS = ["sqlite", ...(postgresUrlForTests() ? ["postgres" as const] : [])] as const;

describe.each(DIALECTS)("Supernova's writes in batches on %s", (dialect) => {
  const test = useTestDatabase(dialect, async (handle) => {
    for (const userId of PLAYERS)
      await grant(handle, { userId, currency: "HC", amount: START, reason: "new_user" });
  });

  it("writes the bets arriving together in one transaction and refuses one without failing its batch-mates", async () => {
    const clock = createTestClock();
    const { engine } = await startTestEngine(test.handle, clock);
    await startCoolOff(test.handle, "p3", 24, Date.now());
    const before = { ...engine.writes.counts };
    const bets = [...PLAYERS, "broke"].map((userId) =>
      engine.placeBet({ userId, stake: coins(10), autoCashOut: null }),
    );
    const replies = (await Promise.all(bets)).map(codeOf);
    expect(replies[3]).toMatch(/^limits\//);
    expect(replies[PLAYERS.length]).toBe("bet/insufficient_balance");
    expect(replies.filter((r) => r === "ok")).toHaveLength(PLAYERS.length - 1);
    expect(engine.writes.counts.writes - before.writes).toBe(PLAYERS.length + 1);
    expect(engine.writes.counts.transactions - before.transactions).toBe(1);
    expect((await getBalances(test.handle.db, "p3")).HC).toBe(START);
    expect((await getBalances(test.handle.db, "p0")).HC).toBe(START - coins(10));
    expect(engine.snapshot().plays).toHaveLength(PLAYERS.length - 1);
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });

  it("pays each cash-out of a batch at the multiplier of its own arrival, and each bet once", async () => {
    const clock = createTestClock();
    const { engine } = await startTestEngine(test.handle, clock); // round 1 crashes at 5.02x
    await Promise.all(
      ["p0", "p1", "p2"].map((userId) => engine.placeBet({ userId, stake: coins(10), autoCashOut: null })),
    );
    clock.set(clock.now() + 5_000);
    await engine.step();
    const startedAt = clock.now();
    const before = { ...engine.writes.counts };
    clock.set(startedAt + timeToReach(150) + 3);
    const first = engine.cashOut("p0");
    const twice = engine.cashOut("p0");
    clock.set(startedAt + timeToReach(300) + 11);
    const second = engine.cashOut("p1");
    const [a, b, again] = await Promise.all([first, second, twice]);
    expect(codeOf(again)).toBe("crash/no_bet");
    expect(engine.writes.counts.transactions - before.transactions).toBe(1);
    if (!a.ok || !b.ok) throw new Error("a cash-out was refused");
    expect(a.play.cashedOutAt).toBe(multiplierAt(timeToReach(150) + 3));
    expect(b.play.cashedOutAt).toBe(multiplierAt(timeToReach(300) + 11));
    expect((await getBalances(test.handle.db, "p0")).HC).toBe(START - coins(10) + a.play.payout);
    expect((await getBalances(test.handle.db, "p1")).HC).toBe(START - coins(10) + b.play.payout);
    clock.set(startedAt + 60_000);
    await engine.step();
    expect(engine.phase).toBe("crashed");
    const bets = await test.handle.db
      .selectFrom("game_rounds")
      .select(["user_id", "status", "win_amount"])
      .where("game_type", "=", CRASH_GAME)
      .orderBy("user_id")
      .execute();
    expect(bets.map((r) => [r.user_id, r.status, Number(r.win_amount)])).toEqual([
      ["p0", "settled", a.play.payout],
      ["p1", "settled", b.play.payout],
      ["p2", "settled", 0],
    ]);
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });

  it("settles the losses at the crash in one statement per batch, each bet once, and reports each", async () => {
    const losers = Array.from({ length: MAX_BATCH_WRITES + 12 }, (_, i) => `loser${i}`);
    for (const userId of losers)
      await grant(test.handle, { userId, currency: "HC", amount: START, reason: "new_user" });
    const clock = createTestClock();
    const observed: RoundRecord[] = [];
    const { engine } = await startTestEngine(test.handle, clock, {
      observe: (round) => observed.push(round),
    });
    const bets = await Promise.all(
      ["p0", ...losers].map((userId) => engine.placeBet({ userId, stake: coins(1), autoCashOut: null })),
    );
    expect(bets.map(codeOf).every((code) => code === "ok")).toBe(true);
    clock.set(clock.now() + 5_000);
    await engine.step();
    const startedAt = clock.now();
    clock.set(startedAt + timeToReach(200));
    const cashed = await engine.cashOut("p0");
    if (!cashed.ok) throw new Error("the cash-out was refused");
    const before = { ...engine.writes.counts };
    clock.set(startedAt + 60_000); // past 5.02x
    await engine.step();
    expect(engine.phase).toBe("crashed");
    // Two statements for 60 losses, one per batch of 48.
    expect(engine.writes.counts.transactions - before.transactions).toBe(2);
    const rows = await test.handle.db
      .selectFrom("game_rounds")
      .select(["id", "user_id", "status", "win_amount", "outcome"])
      .where("game_type", "=", CRASH_GAME)
      .execute();
    const lost = rows.filter((row) => row.user_id !== "p0");
    expect(lost).toHaveLength(losers.length);
    for (const row of lost) {
      expect([row.status, Number(row.win_amount)]).toEqual(["settled", 0]);
      expect(JSON.parse(row.outcome ?? "null")).toEqual({ round: 1, result: "lost", crashPoint: 502 });
    }
    expect(Number(rows.find((row) => row.user_id === "p0")?.win_amount)).toBe(cashed.play.payout);
    expect(
      observed
        .filter((round) => round.winAmount === 0)
        .map((round) => round.userId)
        .sort(),
    ).toEqual([...losers].sort());
    // Settling them again (or the cashed-out bet) closes nothing: each bet is settled once.
    const again = await engine.writes.write((q) =>
      settleLostBetsSteps(
        q,
        rows.map((row) => row.id),
        1,
        502,
      ),
    );
    expect(again.ok && "rounds" in again ? again.rounds : undefined).toEqual([]);
    expect((await getBalances(test.handle.db, "loser0")).HC).toBe(START - coins(1));
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });

  it("writes nothing once another host took the lease, and stops hosting", async () => {
    const clock = createTestClock();
    const { engine } = await startTestEngine(test.handle, clock);
    expect(codeOf(await engine.placeBet({ userId: "p0", stake: coins(10), autoCashOut: null }))).toBe("ok");
    // The lease expired and another process took it (a newer epoch).
    expect(await acquireCrashLease(test.handle, "HC", "other-host", clock.now() + 60_000)).toBeDefined();
    const late = await engine.placeBet({ userId: "p1", stake: coins(10), autoCashOut: null });
    expect(codeOf(late)).toBe("crash/starting");
    expect(late.ok ? 0 : late.status).toBe(503);
    expect(engine.fenced).toBe(true);
    expect((await getBalances(test.handle.db, "p1")).HC).toBe(START);
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });
});

import { coins } from "@casino/protocol";
import { hashChainLink } from "@casino/protocol/games/crash/chain";
import { crashTimeOf, multiplierAt, timeToReach } from "@casino/protocol/games/crash/flight";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/test-databases.ts";
import { checkLedgerInvariants } from "../ledger/invariants.ts";
import { getBalances, grant } from "../ledger/ledger.ts";
import { putLimits, startCoolOff } from "../responsible/service.ts";
import { CRASH_GAME } from "./bets.ts";
import { createTestClock, startTestEngine, TEST_CHAIN } from "./engine.test-helpers.ts";
import type { CrashReply } from "./engine.ts";
import { crashDb } from "./tables.ts";

const START = coins(1000);

/** The reply's play, or a failure naming the refusal. */
function playOf(reply: CrashReply) {
  if (!reply.ok) throw new Error(`${reply.code}: ${reply.message}`);
  return reply.play;
}

describe("Supernova rounds on sqlite", () => {
  const test = useTestDatabase("sqlite", async (handle) => {
    for (const userId of ["u1", "u2", "u3"])
      await grant(handle, { userId, currency: "HC", amount: START, reason: "new_user" });
  });

  /** Moves the clock to `ms` after the flight's start and runs a step. */
  async function flyTo(
    engine: { step(): Promise<void> },
    clock: { set(ms: number): void },
    startedAt: number,
    ms: number,
  ) {
    clock.set(startedAt + ms);
    await engine.step();
  }

  it("pays a cash-out before the crash at the server's multiplier and refuses one after it", async () => {
    const clock = createTestClock();
    const { engine, frames } = await startTestEngine(test.handle, clock);
    expect(engine.number).toBe(1); // crashes at 5.02x
    playOf(await engine.placeBet({ userId: "u1", stake: coins(10), autoCashOut: null }));
    playOf(await engine.placeBet({ userId: "u2", stake: coins(10), autoCashOut: null }));
    expect((await engine.placeBet({ userId: "u1", stake: coins(1), autoCashOut: null })).ok).toBe(false);
    clock.set(clock.now() + 5_000);
    await engine.step();
    expect(engine.phase).toBe("flying");
    const startedAt = clock.now();
    // u1 asks at 2.00x plus 7 ms: paid at the multiplier of the server's clock on arrival.
    clock.set(startedAt + timeToReach(200) + 7);
    const at = multiplierAt(timeToReach(200) + 7);
    const cashed = playOf(await engine.cashOut("u1"));
    expect(cashed.cashedOutAt).toBe(at);
    expect(cashed.payout).toBe((coins(10) * at) / 100);
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(START - coins(10) + cashed.payout);
    // u2 asks the millisecond the flight ends, before any step noticed the crash: refused.
    clock.set(startedAt + crashTimeOf(502));
    const late = await engine.cashOut("u2");
    expect(late.ok ? "paid" : late.code).toBe("crash/crashed");
    await engine.step();
    expect(engine.phase).toBe("crashed");
    expect((await getBalances(test.handle.db, "u2")).HC).toBe(START - coins(10));
    // The crash frame reveals the hash, which links to the published terminal.
    const crash = frames.find((f) => f.type === "crash");
    if (crash?.type !== "crash") throw new Error("no crash frame");
    expect(crash.body).toMatchObject({ number: 1, crashPoint: 502, capped: false });
    expect(hashChainLink(crash.body.hash)).toBe(TEST_CHAIN.terminal);
    const bets = await test.handle.db
      .selectFrom("game_rounds")
      .selectAll()
      .where("game_type", "=", CRASH_GAME)
      .execute();
    expect(bets.map((b) => b.status)).toEqual(["settled", "settled"]);
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });

  it("pays an auto cash-out at its target even when the step comes later, and not above the crash point", async () => {
    const clock = createTestClock();
    const { engine } = await startTestEngine(test.handle, clock);
    playOf(await engine.placeBet({ userId: "u1", stake: coins(4), autoCashOut: 150 }));
    playOf(await engine.placeBet({ userId: "u2", stake: coins(4), autoCashOut: 600 })); // above 5.02x
    clock.set(clock.now() + 5_000);
    await engine.step();
    const startedAt = clock.now();
    await flyTo(engine, clock, startedAt, timeToReach(149));
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(START - coins(4));
    await flyTo(engine, clock, startedAt, timeToReach(230)); // the step is late: still paid at 1.50x
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(START - coins(4) + coins(6));
    // u1's manual cash-out after the auto one finds nothing left to cash out.
    expect((await engine.cashOut("u1")).ok).toBe(false);
    await flyTo(engine, clock, startedAt, crashTimeOf(502));
    expect(engine.phase).toBe("crashed");
    expect((await getBalances(test.handle.db, "u2")).HC).toBe(START - coins(4));
    // Betting opens again after the pause, on the next hash.
    clock.set(clock.now() + 3_000);
    await engine.step();
    expect(engine.phase).toBe("betting");
    expect(engine.number).toBe(2);
  });

  it("cashes everyone still in out where the round's payout cap is reached", async () => {
    const clock = createTestClock();
    // Cap 20 HC of net win; 10 + 10 HC in: the cap is reached at 2.00x.
    const { engine, frames } = await startTestEngine(test.handle, clock, { profitCap: coins(20) });
    playOf(await engine.placeBet({ userId: "u1", stake: coins(10), autoCashOut: null }));
    playOf(await engine.placeBet({ userId: "u2", stake: coins(10), autoCashOut: 400 }));
    clock.set(clock.now() + 5_000);
    await engine.step();
    expect(engine.snapshot().capPoint).toBe(200);
    const startedAt = clock.now();
    await flyTo(engine, clock, startedAt, timeToReach(210));
    expect(engine.phase).toBe("crashed");
    for (const userId of ["u1", "u2"])
      expect((await getBalances(test.handle.db, userId)).HC).toBe(START + coins(10));
    const crash = frames.find((f) => f.type === "crash");
    expect(crash?.type === "crash" && crash.body).toMatchObject({
      capped: true,
      endedAt: 200,
      crashPoint: 502,
    });
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });

  it("voids a flight the process left open: refunds bets still in, keeps cash-outs, uses the next hash", async () => {
    const clock = createTestClock();
    const first = await startTestEngine(test.handle, clock);
    playOf(await first.engine.placeBet({ userId: "u1", stake: coins(10), autoCashOut: null }));
    playOf(await first.engine.placeBet({ userId: "u2", stake: coins(10), autoCashOut: null }));
    clock.set(clock.now() + 5_000);
    await first.engine.step();
    clock.set(clock.now() + timeToReach(300));
    const cashed = playOf(await first.engine.cashOut("u1"));
    await first.engine.stop(); // the process dies mid-flight: nothing else is settled

    const second = await startTestEngine(test.handle, clock);
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(START - coins(10) + cashed.payout);
    expect((await getBalances(test.handle.db, "u2")).HC).toBe(START);
    const rounds = await crashDb(test.handle.db)
      .selectFrom("crash_rounds")
      .selectAll()
      .orderBy("number")
      .execute();
    expect(rounds.map((r) => [Number(r.number), r.status])).toEqual([
      [1, "void"],
      [2, "betting"],
    ]);
    expect(hashChainLink(rounds[0]?.hash ?? "")).toBe(TEST_CHAIN.terminal);
    expect(second.engine.number).toBe(2);
    // A third start settles nothing twice.
    await second.engine.stop();
    await startTestEngine(test.handle, clock);
    expect((await getBalances(test.handle.db, "u2")).HC).toBe(START);
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(START - coins(10) + cashed.payout);
    expect((await checkLedgerInvariants(test.handle.db)).ok).toBe(true);
  });

  it("passes every bet through the responsible-gaming gate: a wager limit and a cool-off refuse it, unchanged", async () => {
    const clock = createTestClock();
    const { engine } = await startTestEngine(test.handle, clock);
    const limit = { currency: "HC", kind: "wager", period: "day", amount: coins(5) } as const;
    await putLimits(test.handle, "u1", { limits: [limit] }, Date.now());
    const over = await engine.placeBet({ userId: "u1", stake: coins(10), autoCashOut: null });
    expect(over.ok ? "placed" : over.code).toBe("limits/wager_limit_reached");
    await startCoolOff(test.handle, "u2", 24, Date.now());
    const cooling = await engine.placeBet({ userId: "u2", stake: coins(1), autoCashOut: null });
    expect(cooling.ok ? "placed" : cooling.code).toMatch(/^limits\//);
    for (const userId of ["u1", "u2"]) expect((await getBalances(test.handle.db, userId)).HC).toBe(START);
    expect(engine.snapshot().plays).toEqual([]);
  });

  it("takes no bet once the flight started and refuses one beyond the balance", async () => {
    const clock = createTestClock();
    const { engine } = await startTestEngine(test.handle, clock);
    const poor = await engine.placeBet({ userId: "nobody", stake: coins(10), autoCashOut: null });
    expect(poor.ok ? "placed" : poor.code).toBe("bet/insufficient_balance");
    clock.set(clock.now() + 5_000);
    const late = await engine.placeBet({ userId: "u1", stake: coins(10), autoCashOut: null });
    expect(late.ok ? "placed" : late.code).toBe("crash/betting_closed");
    expect((await getBalances(test.handle.db, "u1")).HC).toBe(START);
  });
});

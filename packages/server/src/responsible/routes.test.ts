/**
 * Responsible gaming over real HTTP on a real SQLite file, with an injected clock (Date is faked
 * and moved forward; it still runs with real time): limits stop bets at the limit, a looser limit
 * waits 24 hours, the session limit and the exclusions refuse bets, buy-ins and seats with a clear
 * message and cannot be lifted early, and bad input changes nothing.
 */
import { dieFromFloat } from "@casino/protocol";
import type { LimitView } from "@casino/protocol/schemas/responsible";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { arrangeNextRound, arrangeRounds, joinAsPlayer, type TestPlayer } from "../games/test-helpers.ts";
import { snapshotMoney, type TestCasino, useCasino } from "../http/test-helpers.ts";
import { grant } from "../ledger/ledger.ts";
import { loginOperator, startOperatorCasino } from "../operator/test-helpers.ts";
import { fastPokerOptions } from "../poker/test-helpers.ts";
import { runAtOnce } from "../rounds/test-helpers.ts";

const HOUR = 60 * 60 * 1000;
const unlimited = {
  sessionPerSecond: 10_000,
  sessionBurst: 10_000,
  addressPerSecond: 10_000,
  addressBurst: 10_000,
};

/** Dice total of a stream: two dice from the first two floats. */
function totalOf(stream: { next(): number }): number {
  return dieFromFloat(stream.next()) + dieFromFloat(stream.next());
}

/** A 1 HC (or `amount`) dice bet on LOW. */
function bet(player: TestPlayer, amount: number | string = 1, currency = "HC") {
  return player.client.post("/api/games/dice", { betAmount: amount, currency, betType: "low" });
}

/** One limit slot of a GET /api/limits answer. */
function slot(answer: { limits: LimitView[] }, key: string) {
  const [currency, kind, period] = key.split(":");
  return answer.limits.find((l) => l.currency === currency && l.kind === kind && l.period === period);
}

/** A new player holding 1 AMINA besides the usual House Coins. */
async function joinWithAmina(casino: TestCasino): Promise<TestPlayer> {
  const player = await joinAsPlayer(casino);
  await grant(casino.handle, {
    userId: player.userId,
    currency: "AMINA",
    amount: 1_000_000,
    reason: "adjustment",
  });
  return player;
}

/**
 * An exclusion of `kind` ending at `until`, counted from the request: the faked clock moves on with
 * real time while the test runs, so it may end a few milliseconds later.
 */
function expectExclusion(exclusion: { kind: string; until: string }, kind: string, until: string): void {
  expect(exclusion.kind).toBe(kind);
  const late = Date.parse(exclusion.until) - Date.parse(until);
  expect(late).toBeGreaterThanOrEqual(0);
  expect(late).toBeLessThan(10_000);
}

describe("responsible gaming over HTTP", () => {
  const casino = useCasino(() =>
    startOperatorCasino({}, { rateLimit: unlimited, poker: fastPokerOptions() }),
  );
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Date.UTC(2026, 10, 25, 12, 0)); // a Wednesday noon: no period ends during a test
  });
  afterEach(() => vi.useRealTimers());
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it("shows what was wagered before any limit was set, and the same running sums after one is", async () => {
    const player = await joinAsPlayer(casino);
    for (let i = 0; i < 3; i += 1) expect((await bet(player, 7)).status).toBe(200);
    const before = await player.client.get("/api/limits");
    expect(before.status).toBe(200);
    expect(slot(before.body, "HC:wager:day")?.used).toBe("21");
    expect(slot(before.body, "HC:wager:month")?.used).toBe("21");
    expect(slot(before.body, "AMINA:wager:day")?.used).toBe("0");
    const put = await player.client.request("PUT", "/api/limits", {
      body: { limits: [{ currency: "HC", kind: "wager", period: "day", amount: 100 }] },
    });
    expect(slot(put.body, "HC:wager:day")?.used).toBe("21");
    expect((await bet(player, 5)).status).toBe(200);
    const after = await player.client.get("/api/limits");
    expect(slot(after.body, "HC:wager:day")?.used).toBe("26");
  });

  it("a 5 HC daily loss limit stops betting exactly at the limit, and 200 concurrent bets cannot pass it", async () => {
    const player = await joinAsPlayer(casino);
    const put = await player.client.request("PUT", "/api/limits", {
      body: { limits: [{ currency: "HC", kind: "loss", period: "day", amount: 5 }] },
    });
    expect(put.status).toBe(200);
    expect(slot(put.body, "HC:loss:day")).toMatchObject({ amount: "5", pending: null, used: "0" });
    const over = await bet(player, 6);
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      code: "limits/loss_limit_reached",
      message: "This would pass your daily loss limit of 5 HC: 5 HC left in this period",
    });
    await arrangeNextRound(casino, player, (s) => totalOf(s) >= 7); // LOW loses
    expect((await bet(player, 5)).body).toMatchObject({ isWin: false, houseBalance: "995" });
    const refused = await bet(player, 1);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: "limits/loss_limit_reached",
      message: "You have reached your daily loss limit of 5 HC",
    });

    const racer = await joinAsPlayer(casino);
    await racer.client.request("PUT", "/api/limits", {
      body: { limits: [{ currency: "HC", kind: "loss", period: "day", amount: 5 }] },
    });
    // The racer's first five rounds lose: the race must end exactly at the limit, in any order.
    await arrangeRounds(casino, racer, (s) => totalOf(s) >= 7, 0, 5);
    const answers = await runAtOnce(200, () => bet(racer));
    expect(answers.every((a) => a.status === 200 || a.body.code === "limits/loss_limit_reached")).toBe(true);
    expect(answers.filter((a) => a.status === 403).length).toBeGreaterThan(0);
    const rounds = await casino.handle.db
      .selectFrom("game_rounds")
      .select(["bet_amount", "win_amount"])
      .where("user_id", "=", racer.userId)
      .execute();
    const loss = rounds.reduce((sum, r) => sum + Number(r.bet_amount) - Number(r.win_amount), 0);
    expect(loss).toBe(5_000_000);
  });

  it("a 0.003 AMINA daily wager limit admits exactly 3 of 200 concurrent 0.001 AMINA bets", async () => {
    const player = await joinWithAmina(casino);
    await player.client.request("PUT", "/api/limits", {
      body: { limits: [{ currency: "AMINA", kind: "wager", period: "day", amount: "0.003" }] },
    });
    const answers = await runAtOnce(200, () => bet(player, "0.001", "AMINA"));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.find((a) => a.status === 403);
    expect(refused?.body).toEqual({
      code: "limits/wager_limit_reached",
      message: "You have reached your daily wager limit of 0.003 AMINA",
    });
    expect((await bet(player, 1)).status).toBe(200); // HC is limited apart
  });

  it("a lower limit applies at once; a higher one, or removing it, waits 24 hours", async () => {
    const player = await joinAsPlayer(casino);
    const put = (amount: number | null) =>
      player.client.request("PUT", "/api/limits", {
        body: { limits: [{ currency: "HC", kind: "wager", period: "week", amount }] },
      });
    await put(10);
    const asked = Date.now();
    const raised = slot((await put(50)).body, "HC:wager:week");
    expect(raised).toMatchObject({ amount: "10", pending: { amount: "50" } });
    const wait = Date.parse(raised?.pending?.effectiveAt ?? "") - asked;
    expect(wait).toBeGreaterThanOrEqual(24 * HOUR);
    expect(wait).toBeLessThan(24 * HOUR + 5000);
    expect((await bet(player, 11)).body.code).toBe("limits/wager_limit_reached");
    later(23 * HOUR);
    expect((await bet(player, 11)).body.code).toBe("limits/wager_limit_reached");
    later(HOUR + 1000);
    expect((await bet(player, 11)).status).toBe(200);
    expect(slot((await player.client.get("/api/limits")).body, "HC:wager:week")).toMatchObject({
      amount: "50",
      pending: null,
      used: "11",
    });
    expect(slot((await put(20)).body, "HC:wager:week")).toMatchObject({ amount: "20", pending: null });
    const removed = await put(null);
    expect(slot(removed.body, "HC:wager:week")).toMatchObject({ amount: "20", pending: { amount: null } });
    later(24 * HOUR + 1000);
    expect(slot((await player.client.get("/api/limits")).body, "HC:wager:week")).toMatchObject({
      amount: null,
      pending: null,
    });
  });

  it("the session time limit refuses bets once used up, until a 15-minute break; GET shows the session", async () => {
    const player = await joinAsPlayer(casino);
    await player.client.request("PUT", "/api/limits", {
      body: { sessionMinutes: 10, realityCheckMinutes: 5 },
    });
    const started = Date.now();
    expect((await bet(player)).status).toBe(200);
    later(9 * 60_000);
    expect((await bet(player)).status).toBe(200);
    const view = (await player.client.get("/api/limits")).body;
    expect(view.session).toMatchObject({
      startedAt: new Date(started).toISOString(),
      minutes: 10,
      realityCheckMinutes: 5,
      breakMinutes: 15,
    });
    expect(view.session.netResult.HC).toMatch(/^-?\d/);
    later(2 * 60_000);
    const refused = await bet(player);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: "limits/session_time_reached",
      message: "You have reached your session time limit of 10 minutes: take a break of 15 minutes",
    });
    later(15 * 60_000);
    expect((await bet(player)).status).toBe(200);
  });

  it("self-exclusion refuses bets, poker seats and deposits with a clear message and cannot be lifted early", async () => {
    const player = await joinWithAmina(casino);
    const seated = await player.client.post("/api/poker/tables/nebula-amina-micro/join", {
      buyInAmount: 0.04,
    });
    expect(seated.status).toBe(200);
    const excluded = await player.client.post("/api/self-exclusion", { months: 6 });
    expect(excluded.status).toBe(200);
    expectExclusion(excluded.body.exclusion, "self_exclusion", "2027-05-25T12:00:00.000Z");
    const message = "You are self-excluded until 2027-05-25";
    expect((await bet(player)).body).toEqual({ code: "limits/self_excluded", message });
    const join = await player.client.post("/api/poker/tables/andromeda-amina-high/join", {
      buyInAmount: 0.25,
    });
    expect(join.status).toBe(403);
    expect(join.body).toMatchObject({ code: "limits/self_excluded", message });
    const topUp = await player.client.post("/api/poker/chip-transaction", {
      action: "buy",
      aminaAmount: 0.01,
    });
    expect(topUp.body).toMatchObject({ code: "limits/self_excluded", message });
    const cashOut = await player.client.post("/api/poker/chip-transaction", {
      action: "cashout",
      aminaAmount: 0.04,
    });
    expect(cashOut.status).toBe(200); // leaving with one's chips is always allowed
    const hilo = await player.client.post("/api/games/hilo/start", { bet: 1, currency: "HC" });
    expect(hilo.body.code).toBe("limits/self_excluded");
    const before = await snapshotMoney(casino.handle.db);
    expect((await player.client.post("/api/crypto/deposit", { amount: "0.01" })).body.code).toBe(
      "limits/self_excluded",
    );
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    // A shorter exclusion, a cool-off or removing limits does not lift it.
    expect((await player.client.post("/api/cool-off", { hours: 24 })).body.exclusion.kind).toBe(
      "self_exclusion",
    );
    later(25 * HOUR);
    expect((await bet(player)).body.code).toBe("limits/self_excluded");
    // Asking again lengthens it (6 months from now), never shortens it.
    const again = await player.client.post("/api/self-exclusion", { months: 6 });
    expect(Date.parse(again.body.exclusion.until)).toBeGreaterThan(Date.parse("2027-05-26T12:00:00.000Z"));
  });

  it("a cool-off refuses bets until its time has passed, then ends by itself", async () => {
    const player = await joinAsPlayer(casino);
    const cooled = await player.client.post("/api/cool-off", { hours: 48 });
    expectExclusion(cooled.body.exclusion, "cool_off", "2026-11-27T12:00:00.000Z");
    expect((await bet(player)).body).toEqual({
      code: "limits/cooling_off",
      message: "You are on a cool-off until 2026-11-27 12:00 UTC",
    });
    later(47 * HOUR);
    expect((await bet(player)).status).toBe(403);
    later(HOUR + 1000);
    expect((await bet(player)).status).toBe(200);
    expect((await player.client.get("/api/limits")).body.exclusion).toBeNull();
  });

  it("bad input is a 400 and changes nothing", async () => {
    const player = await joinAsPlayer(casino);
    const put = (body: unknown) => player.client.request("PUT", "/api/limits", { body });
    await put({ limits: [{ currency: "HC", kind: "loss", period: "day", amount: 5 }] });
    const before = (await player.client.get("/api/limits")).body;
    const limit = { currency: "HC", kind: "loss", period: "day" };
    const bad = [
      put({ limits: [{ ...limit, amount: 0 }] }),
      put({ limits: [{ ...limit, amount: -1 }] }),
      put({ limits: [{ ...limit, amount: "abc" }] }),
      put({ limits: [{ ...limit, amount: 0.0000001 }] }),
      put({ limits: [{ ...limit, amount: 1e12 }] }),
      put({ limits: [{ ...limit, period: "year", amount: 1 }] }),
      put({ limits: [{ ...limit, currency: "BTC", amount: 1 }] }),
      put({
        limits: [
          { ...limit, amount: 1 },
          { ...limit, amount: 2 },
        ],
      }),
      put({ sessionMinutes: 1 }),
      put({ realityCheckMinutes: 2.5 }),
      put({ limits: [], surprise: true }),
      player.client.post("/api/cool-off", { hours: 23 }),
      player.client.post("/api/cool-off", { hours: 24 * 43 }),
      player.client.post("/api/cool-off", { hours: "24" }),
      player.client.post("/api/self-exclusion", { months: 5 }),
      player.client.post("/api/self-exclusion", {}),
    ];
    for (const answer of await Promise.all(bad)) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe("input/invalid");
    }
    const after = (await player.client.get("/api/limits")).body;
    expect({ ...after, now: "" }).toEqual({ ...before, now: "" });
    const stranger = await joinAsPlayer(casino);
    const foreign = await stranger.client.request("PUT", "/api/limits", {
      body: { walletAddress: player.address, sessionMinutes: 5 },
    });
    expect(foreign.status).toBe(403);
    expect(
      (await casino.services.handle.db.selectFrom("users").select("id").execute()).length,
    ).toBeGreaterThan(0);
  });

  it("the operator's dashboard lists active limits and exclusions, and only to the operator", async () => {
    const player = await joinAsPlayer(casino);
    await player.client.request("PUT", "/api/limits", {
      body: {
        limits: [{ currency: "AMINA", kind: "deposit", period: "month", amount: "0.5" }],
        sessionMinutes: 60,
      },
    });
    await player.client.post("/api/cool-off", { hours: 24 });
    expect((await player.client.get("/api/security/responsible")).status).toBe(401);
    const operator = await loginOperator(casino.url);
    const listed = await operator.get("/api/security/responsible");
    expect(listed.status).toBe(200);
    expect(
      listed.body.players.find((p: { walletAddress: string }) => p.walletAddress === player.address),
    ).toMatchObject({
      limits: [{ key: "AMINA:deposit:month", amount: "0.5" }],
      sessionMinutes: 60,
      exclusion: { kind: "cool_off" },
    });
  });
});

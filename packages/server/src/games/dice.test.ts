import { dieFromFloat, verifyRound } from "@casino/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { snapshotMoney } from "../http/test-helpers.ts";
import { setMaintenanceMode } from "./maintenance.ts";
import {
  arrangeNextRound,
  historyOf,
  joinAsPlayer,
  nextNonceOf,
  useCasinoWithPlayer,
} from "./test-helpers.ts";

/** A 1 HC bet on low, the bet most refusal cases send. */
const lowBet = { betAmount: 1, currency: "HC", betType: "low" };

/** The total of the two dice a stream rolls. */
function totalOf(stream: { next(): number }): number {
  return dieFromFloat(stream.next()) + dieFromFloat(stream.next());
}

describe("POST /api/games/dice", () => {
  const { casino, player } = useCasinoWithPlayer();
  // A failed maintenance test must not leave the switch on for the next one.
  afterEach(async () => {
    await setMaintenanceMode(casino.handle.db, false);
    casino.services.games.maintenance.forget();
  });

  it("pays a winning SEVEN 5.832x, records the round and advances the nonce", async () => {
    await arrangeNextRound(casino, player, (s) => totalOf(s) === 7);
    const nonce = await nextNonceOf(player);
    const answer = await player.client.post("/api/games/dice", {
      betAmount: 10,
      currency: "HC",
      walletAddress: player.address,
      betType: "seven",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      total: 7,
      winAmount: 58.32,
      isWin: true,
      multiplier: 5.832,
      houseBalance: "1048.32",
      aminaBalance: "0",
      round: {
        nonce,
        clientSeed: expect.stringMatching(/^arranged-/),
        input: { game: "dice", betType: "seven" },
      },
    });
    expect(answer.body.dice1 + answer.body.dice2).toBe(7);
    expect(await nextNonceOf(player)).toBe(nonce + 1);
    const [latest] = await historyOf(player);
    expect(latest).toMatchObject({
      id: answer.body.round.id,
      gameType: "dice",
      betAmount: 10,
      winAmount: 58.32,
      nonce,
    });
  });

  it("loses a LOW bet on a high total and the round verifies once the seed is revealed", async () => {
    await arrangeNextRound(casino, player, (s) => totalOf(s) >= 8);
    const answer = await player.client.post("/api/games/dice", {
      betAmount: "5",
      currency: "HC",
      betType: "low",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      winAmount: 0,
      isWin: false,
      houseBalance: "1043.32",
      message: "No win this time!",
    });
    const rotated = await player.client.post("/api/game-seeds/new-server-seed", {});
    const check = verifyRound({
      serverSeed: rotated.body.previousServerSeed,
      clientSeed: answer.body.round.clientSeed,
      nonce: answer.body.round.nonce,
      input: answer.body.round.input,
      serverSeedHash: answer.body.round.serverSeedHash,
    });
    expect(check.ok && check.hashMatches && check.game === "dice" && check.outcome.total).toBe(
      answer.body.total,
    );
  });

  it("refuses a bet above the balance with SPEC's message and changes nothing", async () => {
    const poor = await joinAsPlayer(casino);
    for (let i = 0; i < 10; i++) {
      await arrangeNextRound(casino, poor, (s) => totalOf(s) === 12);
      expect(
        (await poor.client.post("/api/games/dice", { betAmount: 100, currency: "HC", betType: "seven" }))
          .status,
      ).toBe(200);
    }
    const before = await snapshotMoney(casino.handle.db);
    const nonce = await nextNonceOf(poor);
    const refused = await poor.client.post("/api/games/dice", lowBet);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: "bet/insufficient_balance", message: "Insufficient balance!" });
    const amina = await poor.client.post("/api/games/dice", {
      betAmount: 0.001,
      currency: "AMINA",
      betType: "low",
    });
    expect(amina.body.message).toBe("Insufficient balance!");
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    expect(await nextNonceOf(poor)).toBe(nonce);
  });

  it.each([
    [{ betAmount: 0, currency: "HC", betType: "low" }],
    [{ betAmount: -1, currency: "HC", betType: "low" }],
    [{ betAmount: "NaN", currency: "HC", betType: "low" }],
    [{ betAmount: 1e21, currency: "HC", betType: "low" }],
    [{ betAmount: 1.5, currency: "HC", betType: "low" }],
    [{ betAmount: 101, currency: "HC", betType: "low" }],
    [{ betAmount: 0.0005, currency: "AMINA", betType: "low" }],
    [{ betAmount: "1", currency: "BTC", betType: "low" }],
    [{ betAmount: 1, currency: "HC" }],
    [{ betAmount: 1, currency: "HC", betType: "eleven" }],
    [{ betAmount: [1], currency: "HC", betType: "low" }],
    [{ betAmount: 1, currency: "HC", betType: "low", win: true }],
    ["not an object"],
  ])("refuses the bad body %j with 400 and moves nothing", async (body) => {
    const before = await snapshotMoney(casino.handle.db);
    const answer = await player.client.post("/api/games/dice", body);
    expect(answer.status).toBe(400);
    expect(["input/invalid", "http/malformed_json"]).toContain(answer.body.code);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("refuses malformed JSON, another wallet and no session", async () => {
    const other = await joinAsPlayer(casino);
    const before = await snapshotMoney(casino.handle.db);
    const raw = await player.client.request("POST", "/api/games/dice", { rawBody: "{betAmount: 1" });
    expect(raw.status).toBe(400);
    const foreign = await player.client.post("/api/games/dice", { ...lowBet, walletAddress: other.address });
    expect(foreign.status).toBe(403);
    const anonymous = await fetch(`${casino.url}/api/games/dice`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(lowBet),
    });
    expect(anonymous.status).toBe(401);
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("answers a retry with the same Idempotency-Key with the first answer, moving money once", async () => {
    const headers = { "Idempotency-Key": `dice-${Date.now()}` };
    const body = { betAmount: 2, currency: "HC", betType: "high" };
    const first = await player.client.post("/api/games/dice", body, headers);
    expect(first.status).toBe(200);
    const before = await snapshotMoney(casino.handle.db);
    const retry = await player.client.post("/api/games/dice", body, headers);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("pauses new bets in maintenance mode with 503 and resumes after", async () => {
    const runtime = casino.services.games;
    await setMaintenanceMode(casino.handle.db, true);
    runtime.maintenance.forget();
    const before = await snapshotMoney(casino.handle.db);
    const paused = await player.client.post("/api/games/dice", lowBet);
    expect(paused.status).toBe(503);
    expect(paused.body).toEqual({
      code: "casino/maintenance",
      message: "The casino is in maintenance: new bets are paused",
    });
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    await setMaintenanceMode(casino.handle.db, false);
    runtime.maintenance.forget();
    expect((await player.client.post("/api/games/dice", lowBet)).status).toBe(200);
  });
});

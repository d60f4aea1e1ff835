import {
  guessHilo,
  type HiloGuess,
  type HiloState,
  hiloRank,
  payout,
  startHilo,
  unitsToCoins,
} from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { securityEventsOf, snapshotMoney, useCasino } from "../http/test-helpers.ts";
import { checkLedgerInvariants } from "../ledger/ledger.ts";
import { historyOf, joinAsPlayer, nextNonceOf, reachesState, type TestPlayer } from "./test-helpers.ts";

/** A predicate on the round after the start and the guesses, played offline with the pure rules. */
const after = (guesses: HiloGuess[], wants: (state: HiloState) => boolean) =>
  reachesState((stream) => startHilo(10_000_000, stream), guessHilo, guesses, wants);

const start = (player: TestPlayer) =>
  player.client.post("/api/games/hilo/start", { bet: 10, currency: "HC" });

describe("hi-lo over REST", () => {
  const casino = useCasino();

  it("wins two guesses and cashes out the server's streak at the server's stake, whatever the body says", async () => {
    const player = await joinAsPlayer(
      casino,
      after(["higher", "lower"], (s) => s.streak === 2),
    );
    const nonce = await nextNonceOf(player);
    const started = await start(player);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: "active", streak: 0, multiplier: 0, houseBalance: "990" });
    expect(started.body.higher.multiplier).toBeGreaterThan(1);
    const first = await player.client.post("/api/games/hilo/guess", { guess: "higher" });
    expect(first.body).toMatchObject({ correct: true, streak: 1, message: "Correct!" });
    const resumed = await player.client.get("/api/games/hilo/state");
    expect(resumed.body.game).toMatchObject({ streak: 1, currentCard: first.body.currentCard });
    const second = await player.client.post("/api/games/hilo/guess", { guess: "lower" });
    expect(second.body.streak).toBe(2);
    const cashed = await player.client.post("/api/games/hilo/cashout", {
      streak: 40,
      currentBet: 100000,
      currency: "AMINA",
    });
    expect(cashed.status).toBe(200);
    const expected = unitsToCoins(payout(10_000_000, second.body.multiplier));
    expect(cashed.body).toMatchObject({ status: "cashed_out", winAmount: expected, message: "Cashed out!" });
    expect(Number(cashed.body.houseBalance)).toBeCloseTo(990 + expected, 6);
    expect((await historyOf(player))[0]).toMatchObject({
      gameType: "hilo",
      betAmount: 10,
      winAmount: expected,
      nonce,
    });
    expect(await nextNonceOf(player)).toBe(nonce + 1);
  });

  it("loses on a wrong guess, accepts the matching loss report and refuses a forged win report", async () => {
    const player = await joinAsPlayer(
      casino,
      after(["higher"], (s) => s.status === "lost" && hiloRank(s.cards[1]!) !== hiloRank(s.cards[0]!)),
    );
    await start(player);
    const lost = await player.client.post("/api/games/hilo/guess", {
      guess: "higher",
      walletAddress: player.address,
    });
    expect(lost.body).toMatchObject({
      status: "lost",
      correct: false,
      message: "Wrong! Game over",
      houseBalance: "990",
    });
    const report = {
      userId: player.address,
      gameType: "hilo",
      betAmount: 10,
      currency: "HC",
      gameResult: { isWin: false, winAmount: 0, streak: 0 },
    };
    const accepted = await player.client.post("/api/crypto/place-bet", report);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ success: true, verified: true, houseBalance: "990" });
    const before = await snapshotMoney(casino.handle.db);
    const forged = await player.client.post("/api/crypto/place-bet", {
      ...report,
      gameResult: { isWin: true, winAmount: 500, streak: 9 },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe("bet/result_mismatch");
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    const events = await securityEventsOf(casino, "forged_result");
    expect(events.find((e) => e.location === "POST /api/crypto/place-bet")).toMatchObject({
      severity: "high",
      blocked: 1,
    });
    const stranger = await joinAsPlayer(casino);
    const unknown = await stranger.client.post("/api/crypto/place-bet", {
      ...report,
      userId: stranger.address,
    });
    expect(unknown.status).toBe(403);
    expect(unknown.body.code).toBe("bet/no_round");
  });

  it("calls a tie a loss, refuses impossible guesses and a cash-out without a streak", async () => {
    const player = await joinAsPlayer(
      casino,
      after(
        ["lower"],
        (s) => hiloRank(s.cards[0]!) === 13 && s.status === "lost" && hiloRank(s.cards[1]!) === 13,
      ),
    );
    await start(player);
    const before = await snapshotMoney(casino.handle.db);
    const impossible = await player.client.post("/api/games/hilo/guess", { guess: "higher" });
    expect(impossible.status).toBe(400);
    expect(impossible.body.code).toBe("hilo/impossible_guess");
    const early = await player.client.post("/api/games/hilo/cashout", {});
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("hilo/no_streak");
    expect((await start(player)).body.code).toBe("round/already_open");
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    const tie = await player.client.post("/api/games/hilo/guess", { guess: "lower" });
    expect(tie.body).toMatchObject({ status: "lost", message: "Equal cards! Game over" });
    expect((await player.client.post("/api/games/hilo/guess", { guess: "lower" })).status).toBe(404);
  });

  it("refuses a start above the balance and bad bodies, moving nothing", async () => {
    const player = await joinAsPlayer(casino);
    const before = await snapshotMoney(casino.handle.db);
    const poor = await player.client.post("/api/games/hilo/start", { bet: 1, currency: "AMINA" });
    expect(poor.status).toBe(400);
    expect(poor.body.message).toBe("Insufficient balance!");
    for (const [path, body] of [
      ["/api/games/hilo/start", { betAmount: 10, currency: "HC" }],
      ["/api/games/hilo/start", { bet: 1000, currency: "HC" }],
      ["/api/games/hilo/guess", { guess: "same" }],
      ["/api/games/hilo/guess", {}],
      [
        "/api/crypto/place-bet",
        { gameType: "hilo", betAmount: 1, currency: "HC", gameResult: { isWin: "yes" } },
      ],
    ] as const) {
      expect((await player.client.post(path, body)).status).toBe(400);
    }
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("keeps every balance equal to its ledger entries and money conserved across these rounds", async () => {
    const report = await checkLedgerInvariants(casino.handle.db);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });
});

import { rmSync } from "node:fs";
import { join } from "node:path";
import {
  applyBlackjackAction,
  type BlackjackState,
  type FloatStream,
  guessHilo,
  startBlackjack,
  startHilo,
  verifyRound,
} from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { startCasino } from "../app.ts";
import { startTestCasino, useCasino } from "../http/test-helpers.ts";
import { listOpenRoundsOlderThan } from "../rounds/history.ts";
import { ABANDONED_ROUND_TIMEOUT_MS, createAbandonedRoundSettler } from "./abandoned.ts";
import { arrangeNextRound, historyOf, houseCoinsOf, joinAsPlayer } from "./test-helpers.ts";

/** The blackjack round a stream deals, stood on at once (what the settler does). */
function dealAndStand(stream: FloatStream): BlackjackState | undefined {
  const state = startBlackjack(10_000_000, stream);
  if (state.phase !== "player") return undefined;
  const step = applyBlackjackAction(state, "stand", stream);
  return "error" in step ? undefined : step.state;
}

describe("the abandoned-round settler", () => {
  const casino = useCasino();

  it("leaves fresh rounds alone, then settles them by the rules once they are 2 minutes old", async () => {
    const blackjack = await joinAsPlayer(casino);
    await arrangeNextRound(casino, blackjack, (s) => dealAndStand(s)?.hands[0]?.result === "win");
    await blackjack.client.post("/api/games/blackjack/deal", { betAmount: 10, currency: "HC" });
    const fresh = await joinAsPlayer(casino);
    await fresh.client.post("/api/games/hilo/start", { bet: 10, currency: "HC" });
    const streak = await joinAsPlayer(casino);
    await arrangeNextRound(casino, streak, (s) => {
      const step = guessHilo(startHilo(10_000_000, s), "higher", s);
      return !("error" in step) && step.state.streak === 1;
    });
    await streak.client.post("/api/games/hilo/start", { bet: 10, currency: "HC" });
    const guessed = await streak.client.post("/api/games/hilo/guess", { guess: "higher" });
    expect(guessed.body.streak).toBe(1);

    let clock = Date.now();
    const settler = createAbandonedRoundSettler({ services: casino.services, now: () => clock });
    expect(await settler.settleOnce()).toBe(0);
    clock += ABANDONED_ROUND_TIMEOUT_MS + 1000;
    expect(await settler.settleOnce()).toBe(3);
    expect(await listOpenRoundsOlderThan(casino.handle.db, -60_000)).toEqual([]);

    const [stood] = await historyOf(blackjack);
    expect(stood).toMatchObject({ gameType: "blackjack", betAmount: 10, winAmount: 20 });
    expect(await houseCoinsOf(blackjack)).toBe(1010);
    expect((await fresh.client.get("/api/games/hilo/state")).body.open).toBe(false);
    expect((await historyOf(fresh))[0]).toMatchObject({ gameType: "hilo", betAmount: 10, winAmount: 9.75 });
    expect(await houseCoinsOf(fresh)).toBe(999.75);
    const cashed = (await historyOf(streak))[0];
    expect(cashed?.winAmount).toBe(guessed.body.potentialWin);

    const rounds = await casino.handle.db
      .selectFrom("game_rounds")
      .selectAll()
      .where("user_id", "in", [blackjack.userId, fresh.userId])
      .execute();
    const inputs = rounds.map((round) => JSON.parse(round.input));
    expect(inputs).toContainEqual({ game: "blackjack", stake: 10_000_000, actions: ["stand"] });
    expect(inputs).toContainEqual({ game: "hilo", stake: 10_000_000, moves: ["abandon"] });
    const rotated = await fresh.client.post("/api/game-seeds/new-server-seed", {});
    const hilo = rounds.find((round) => round.user_id === fresh.userId)!;
    const check = verifyRound({
      serverSeed: rotated.body.previousServerSeed,
      clientSeed: hilo.client_seed,
      nonce: Number(hilo.nonce),
      input: JSON.parse(hilo.input),
      outcome: JSON.parse(hilo.outcome!),
    });
    expect(check.ok && check.matches && check.win).toBe(9_750_000);
  });

  it("settles at start what a stopped server left open", async () => {
    const first = await startTestCasino();
    const player = await joinAsPlayer(first);
    await player.client.post("/api/games/hilo/start", { bet: 5, currency: "HC" });
    await first.handle.db
      .updateTable("game_rounds")
      .set({ updated_at: Date.now() - 10 * 60_000 })
      .execute();
    await first.close();
    const second = await startCasino({
      port: 0,
      dataDir: first.dataDir,
      clientDist: join(first.dataDir, "no-client"),
      logLevel: "silent",
    });
    try {
      for (let i = 0; i < 50 && (await listOpenRoundsOlderThan(second.handle.db, 0)).length > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const round = await second.handle.db.selectFrom("game_rounds").selectAll().executeTakeFirstOrThrow();
      expect(round).toMatchObject({ status: "settled", win_amount: 4_875_000 });
    } finally {
      await second.close();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});

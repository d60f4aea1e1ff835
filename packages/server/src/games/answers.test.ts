/**
 * Every single-player game over real HTTP, each answer read with its protocol schema
 * (wire/answers): the accepted moves of dice, plinko, slots, blackjack and hi-lo, and at least one
 * refusal per game; then the report of a finished round and each game's resumable state.
 */
import {
  type BlackjackState,
  blackjackAnswerSchema,
  diceAnswerSchema,
  gameStateAnswerSchema,
  guessHilo,
  hiloAnswerSchema,
  placeBetAnswerSchema,
  plinkoAnswerSchema,
  slotsBonusAnswerSchema,
  slotsSpinAnswerSchema,
  startBlackjack,
  startHilo,
} from "@casino/protocol";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { Answer } from "../http/test-helpers.ts";
import { useCasino } from "../http/test-helpers.ts";
import { arrangeNextRound, joinAsPlayer, reachesState } from "./test-helpers.ts";

/** Reads an answer with its schema: accepted with status 200, or refused with its error status. */
function read<S extends z.ZodType<{ ok: boolean }>>(schema: S, answer: Answer, accepted: boolean) {
  const parsed = schema.safeParse(answer.body);
  expect(parsed.error).toBeUndefined();
  const value = parsed.data as z.infer<S>;
  expect(value.ok).toBe(accepted);
  expect(answer.status === 200).toBe(accepted);
  return value;
}

/** An HC wager. */
const wager = { betAmount: 1, currency: "HC" };
/** A wager in AMINA, which a new demo player does not hold. */
const unfunded = { betAmount: 0.5, currency: "AMINA" };

describe("every game answer over REST satisfies its protocol schema", () => {
  const casino = useCasino();

  it.each([
    { game: "dice", schema: diceAnswerSchema, played: { betType: "high" }, refused: { betType: "low" } },
    { game: "plinko", schema: plinkoAnswerSchema, played: { risk: "medium" }, refused: { risk: "low" } },
  ])("$game: a round, and a round the balance cannot cover", async ({ game, schema, played, refused }) => {
    const { client } = await joinAsPlayer(casino);
    read(schema, await client.post(`/api/games/${game}`, { ...wager, ...played }), true);
    const refusal = read(schema, await client.post(`/api/games/${game}`, { ...unfunded, ...refused }), false);
    expect(refusal).toMatchObject({ code: "bet/insufficient_balance", message: "Insufficient balance!" });
  });

  it("slots: a spin, a bought bonus and its free spin; a forged free spin and an unaffordable bonus", async () => {
    const { client } = await joinAsPlayer(casino);
    read(slotsSpinAnswerSchema, await client.post("/api/games/slots", wager), true);
    const forged = read(
      slotsSpinAnswerSchema,
      await client.post("/api/games/slots", { ...wager, isFreeSpins: true }),
      false,
    );
    expect(forged.ok ? undefined : forged.code).toBe("slots/no_free_spins");
    const unaffordable = read(
      slotsBonusAnswerSchema,
      await client.post("/api/games/slots/buy-bonus", unfunded),
      false,
    );
    expect(unaffordable.ok ? undefined : unaffordable.code).toBe("slots/insufficient_for_bonus");
    const bonus = read(slotsBonusAnswerSchema, await client.post("/api/games/slots/buy-bonus", wager), true);
    expect(bonus.ok && bonus.freeSpinsLeft).toBe(10);
    const free = read(
      slotsSpinAnswerSchema,
      await client.post("/api/games/slots", { ...wager, isFreeSpins: true }),
      true,
    );
    expect(free.ok && free.isFreeSpin).toBe(true);
  });

  it("blackjack: a deal, a hit, a stand and the settled hand; moves without a hand and a false bust", async () => {
    const player = await joinAsPlayer(casino);
    const { client } = player;
    const hitThenStand = reachesState(
      (stream) => startBlackjack(1_000_000, stream),
      (state: BlackjackState) => ({ state }),
      [],
      (state) => state.phase === "player" && state.hands[0]!.cards.length === 2,
    );
    const missing = read(blackjackAnswerSchema, await client.post("/api/games/blackjack/hit", {}), false);
    expect(missing.ok ? undefined : missing.code).toBe("round/not_found");
    await arrangeNextRound(casino, player, hitThenStand);
    const dealt = read(blackjackAnswerSchema, await client.post("/api/games/blackjack/deal", wager), true);
    expect(dealt.ok && dealt.result).toBe("playing");
    const falseBust = read(blackjackAnswerSchema, await client.post("/api/games/blackjack/bust", {}), false);
    expect(falseBust.ok ? undefined : falseBust.code).toBe("blackjack/not_bust");
    const stood = read(blackjackAnswerSchema, await client.post("/api/games/blackjack/stand", {}), true);
    expect(stood.ok && stood.phase).toBe("settled");
    const after = read(blackjackAnswerSchema, await client.post("/api/games/blackjack/double", {}), false);
    expect(after.ok ? undefined : after.code).toBe("round/not_found");
  });

  it("hi-lo: a start, a winning guess and a cash-out; a cash-out without a streak and without a round", async () => {
    const player = await joinAsPlayer(casino);
    const { client } = player;
    await arrangeNextRound(
      casino,
      player,
      reachesState(
        (stream) => startHilo(10_000_000, stream),
        guessHilo,
        ["higher"],
        (s) => s.streak === 1,
      ),
    );
    read(hiloAnswerSchema, await client.post("/api/games/hilo/start", { bet: 10, currency: "HC" }), true);
    const early = read(hiloAnswerSchema, await client.post("/api/games/hilo/cashout", {}), false);
    expect(early.ok ? undefined : early.code).toBe("hilo/no_streak");
    const guessed = read(
      hiloAnswerSchema,
      await client.post("/api/games/hilo/guess", { guess: "higher" }),
      true,
    );
    expect(guessed.ok && guessed.correct).toBe(true);
    const cashed = read(hiloAnswerSchema, await client.post("/api/games/hilo/cashout", {}), true);
    expect(cashed.ok && cashed.status).toBe("cashed_out");
    const gone = read(
      hiloAnswerSchema,
      await client.post("/api/games/hilo/guess", { guess: "lower" }),
      false,
    );
    expect(gone.ok ? undefined : gone.code).toBe("round/not_found");
  });

  it("the report of a finished round: one the server's round agrees with, and a forged win", async () => {
    const player = await joinAsPlayer(casino);
    const { client } = player;
    const roll = read(
      diceAnswerSchema,
      await client.post("/api/games/dice", { ...wager, betType: "seven" }),
      true,
    );
    if (!roll.ok) return;
    const report = { gameType: "dice", ...wager, userId: player.address };
    const agreed = { isWin: roll.isWin, winAmount: roll.winAmount };
    read(
      placeBetAnswerSchema,
      await client.post("/api/crypto/place-bet", { ...report, gameResult: agreed }),
      true,
    );
    const forged = { isWin: true, winAmount: roll.winAmount + 5 };
    const refused = read(
      placeBetAnswerSchema,
      await client.post("/api/crypto/place-bet", { ...report, gameResult: forged }),
      false,
    );
    expect(refused.ok ? undefined : refused.code).toBe("bet/result_mismatch");
  });

  it("each game's resumable state after a deal and a start, and an unknown game", async () => {
    const { client } = await joinAsPlayer(casino);
    read(blackjackAnswerSchema, await client.post("/api/games/blackjack/deal", wager), true);
    read(hiloAnswerSchema, await client.post("/api/games/hilo/start", { bet: 10, currency: "HC" }), true);
    for (const game of ["dice", "plinko", "slots", "blackjack", "hilo"]) {
      const state = read(gameStateAnswerSchema, await client.get(`/api/games/${game}/state`), true);
      expect(state.ok && state.gameType).toBe(game);
    }
    const unknown = read(gameStateAnswerSchema, await client.get("/api/games/roulette/state"), false);
    expect(unknown.ok ? undefined : unknown.code).toBe("game/unknown");
  });
});

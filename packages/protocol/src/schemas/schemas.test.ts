import { describe, expect, it } from "vitest";
import { placeBetBodySchema, validateBetBodySchema } from "./crypto-bets.ts";
import * as bodies from "./game-bodies.ts";
import { GAME_MESSAGE_SCHEMAS, GAME_ROOM_MESSAGES } from "./room-messages.ts";
import { roundInputSchema } from "./round-input.ts";

const wallet = "DEMOABCDEFGHI";

describe("REST bodies", () => {
  it("parses amounts exactly into micro-units, from numbers or decimal strings", () => {
    expect(
      bodies.diceBodySchema.parse({ betAmount: 10, currency: "HC", walletAddress: wallet, betType: "low" }),
    ).toEqual({
      betAmount: 10_000_000,
      currency: "HC",
      walletAddress: wallet,
      betType: "low",
    });
    expect(
      bodies.slotsSpinBodySchema.parse({ betAmount: "0.005", currency: "AMINA", isFreeSpins: false }),
    ).toEqual({
      betAmount: 5_000,
      currency: "AMINA",
      isFreeSpins: false,
    });
  });

  it.each([
    [{ betAmount: 0, currency: "HC", betType: "low" }, "greater than 0"],
    [{ betAmount: -5, currency: "HC", betType: "low" }, "positive decimal"],
    [{ betAmount: "1e2", currency: "HC", betType: "low" }, "positive decimal"],
    [{ betAmount: 0.5, currency: "HC", betType: "low" }, "at least 1 HC"],
    [{ betAmount: 1.5, currency: "HC", betType: "low" }, "multiple of 1 HC"],
    [{ betAmount: 101, currency: "HC", betType: "low" }, "at most 100 HC"],
    [{ betAmount: 0.0015, currency: "AMINA", betType: "low" }, "multiple of 0.001 AMINA"],
    [{ betAmount: "0.0000001", currency: "AMINA", betType: "low" }, "6 decimals"],
    [{ betAmount: 1, currency: "BTC", betType: "low" }, "currency"],
    [{ betAmount: 1, currency: "HC", betType: "eleven" }, "betType"],
    [{ betAmount: true, currency: "HC", betType: "low" }, "betAmount"],
    [{ betAmount: 1, currency: "HC", betType: "low", userId: "someone" }, "userId"],
    [{ currency: "HC", betType: "low" }, "betAmount"],
  ])("refuses the dice body %j (%s)", (body, hint) => {
    const result = bodies.diceBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    const text = JSON.stringify(result.error?.issues);
    expect(text.toLowerCase()).toContain(hint.toLowerCase());
  });

  it("accepts the seed's compatibility fields but never passes them on as decisions", () => {
    expect(
      bodies.plinkoBodySchema.parse({ betAmount: 1, currency: "HC", risk: "high", slotIndex: 12 }),
    ).toEqual({
      betAmount: 1_000_000,
      currency: "HC",
      risk: "high",
      claimedSlot: 12,
    });
    expect(
      bodies.blackjackStandBodySchema.parse({
        walletAddress: wallet,
        playerTotal: 21,
        betAmount: 99,
        currency: "HC",
      }),
    ).toEqual({
      walletAddress: wallet,
    });
    expect(bodies.hiloCashoutBodySchema.parse({ streak: 40, currentBet: 1e9, currency: "AMINA" })).toEqual(
      {},
    );
  });

  it("renames hi-lo's `bet` to betAmount and checks it like any bet", () => {
    expect(bodies.hiloStartBodySchema.parse({ bet: "25", currency: "HC" })).toEqual({
      betAmount: 25_000_000,
      currency: "HC",
    });
    expect(bodies.hiloStartBodySchema.safeParse({ bet: 500, currency: "HC" }).success).toBe(false);
    expect(bodies.hiloGuessBodySchema.parse({ guess: "lower" })).toEqual({ guess: "lower" });
    expect(bodies.hiloGuessBodySchema.safeParse({ guess: "same" }).success).toBe(false);
  });

  it("needs nothing but an optional wallet for blackjack moves", () => {
    expect(bodies.blackjackMoveBodySchema.parse({})).toEqual({});
    expect(bodies.blackjackMoveBodySchema.safeParse({ card: "A" }).success).toBe(false);
    expect(bodies.blackjackDealBodySchema.parse({ betAmount: 0.001, currency: "AMINA" }).betAmount).toBe(
      1_000,
    );
    expect(bodies.slotsBuyBonusBodySchema.safeParse({ betAmount: 2, currency: "AMINA" }).success).toBe(false);
  });

  it("parses the crypto bet calls, keeping a claimed result only as data", () => {
    expect(
      validateBetBodySchema.parse({ userId: wallet, betAmount: "0.01", currency: "AMINA" }).betAmount,
    ).toBe(10_000);
    const claim = placeBetBodySchema.parse({
      userId: wallet,
      gameType: "hilo",
      betAmount: 5,
      currency: "HC",
      gameResult: { isWin: false, winAmount: 0, streak: 2 },
    });
    expect(claim.gameResult).toEqual({ isWin: false, winAmount: 0, streak: 2 });
    expect(placeBetBodySchema.safeParse({ ...claim, gameType: "roulette" }).success).toBe(false);
  });
});

describe("room messages", () => {
  it("validates each game's messages", () => {
    expect(
      GAME_MESSAGE_SCHEMAS.roll.parse({ betAmount: 1, currency: "HC", betType: "seven" }).betAmount,
    ).toBe(1_000_000);
    expect(
      GAME_MESSAGE_SCHEMAS.drop.parse({ betAmount: 1, currency: "HC", risk: "low", slotIndex: 3 }),
    ).toEqual({
      betAmount: 1_000_000,
      currency: "HC",
      risk: "low",
      claimedSlot: 3,
    });
    expect(GAME_MESSAGE_SCHEMAS.hit.parse(undefined)).toEqual({});
    expect(GAME_MESSAGE_SCHEMAS.cashOut.parse({})).toEqual({});
    expect(GAME_MESSAGE_SCHEMAS.stand.safeParse({ playerTotal: 21 }).success).toBe(false);
    expect(GAME_MESSAGE_SCHEMAS.guess.safeParse({ guess: "higher" }).success).toBe(true);
    expect(
      GAME_MESSAGE_SCHEMAS.bet.parse({ game: "plinko", betAmount: "2", currency: "HC", risk: "medium" }),
    ).toMatchObject({
      game: "plinko",
      betAmount: 2_000_000,
    });
    expect(GAME_MESSAGE_SCHEMAS.bet.safeParse({ game: "dice", betAmount: 1, currency: "HC" }).success).toBe(
      false,
    );
    expect(GAME_MESSAGE_SCHEMAS.spin.safeParse({ betAmount: 1000, currency: "HC" }).success).toBe(false);
  });

  it("lists a schema for every message a game room accepts", () => {
    for (const messages of Object.values(GAME_ROOM_MESSAGES)) {
      for (const type of messages) expect(GAME_MESSAGE_SCHEMAS[type]).toBeDefined();
    }
  });
});

describe("round inputs", () => {
  it("accepts each game's stored input and refuses unknown shapes", () => {
    expect(
      roundInputSchema.safeParse({ game: "blackjack", stake: 1_000, actions: ["split", "double"] }).success,
    ).toBe(true);
    expect(
      roundInputSchema.safeParse({ game: "hilo", stake: 1_000, moves: ["higher", "cashout"] }).success,
    ).toBe(true);
    expect(
      roundInputSchema.safeParse({ game: "blackjack", stake: 1_000, actions: ["surrender"] }).success,
    ).toBe(false);
    expect(roundInputSchema.safeParse({ game: "slots", stake: 0 }).success).toBe(false);
  });
});

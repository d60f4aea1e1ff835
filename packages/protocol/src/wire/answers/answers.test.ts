import { describe, expect, it } from "vitest";
import { blackjackAnswerSchema } from "./blackjack.ts";
import { diceAnswerSchema } from "./dice.ts";
import { hiloAnswerSchema } from "./hilo.ts";
import { plinkoAnswerSchema } from "./plinko.ts";
import { gameStateAnswerSchema, placeBetAnswerSchema } from "./reports.ts";
import { gameRefusalSchema, roomGameAnswerSchema } from "./shared.ts";
import { slotsBonusAnswerSchema, slotsSpinAnswerSchema } from "./slots.ts";

/** The fields every accepted answer shares. */
const accepted = {
  ok: true,
  currency: "HC",
  aminaBalance: "0",
  houseBalance: "999",
  round: { id: 7, nonce: 3, serverSeedHash: "ab".repeat(32), clientSeed: "seed", input: { game: "x" } },
};

const dice = {
  ...accepted,
  dice1: 3,
  dice2: 4,
  total: 7,
  winAmount: 0,
  isWin: false,
  betType: "high",
  multiplier: 2.8,
  betAmount: 1,
  message: "No win this time!",
};

const plinko = {
  ...accepted,
  isWin: true,
  winAmount: 2,
  multiplier: 2,
  path: 2,
  slotIndex: 2,
  directions: [0, 0, 1, 0, 0, 1, 0, 0, 0, 0],
  risk: "low",
  betAmount: 1,
  ballsInFlight: 1,
};

const bonus = { freeSpinsLeft: 0, freeSpinMultiplier: 1, freeSpinBetAmount: null };

const spin = {
  ...accepted,
  ...bonus,
  grid: Array.from({ length: 25 }, () => "planet"),
  winAmount: 0,
  clusters: [],
  isWin: false,
  bonusTriggered: false,
  bonusSpinsAwarded: 0,
  clusterWins: [],
  multiplier: 1,
  isFreeSpin: false,
  capped: false,
  betAmount: 1,
  message: "No win this time!",
};

const bought = {
  ...accepted,
  success: true,
  price: 100,
  freeSpins: 10,
  betAmount: 1,
  freeSpinsLeft: 10,
  freeSpinMultiplier: 3,
  freeSpinBetAmount: 1,
};

const ace = { rank: "A", suit: "spades" };
const blackjack = {
  ...accepted,
  phase: "player",
  playerCards: [ace, { rank: "5", suit: "hearts" }],
  playerTotal: 16,
  dealerCards: [
    { rank: "10", suit: "clubs" },
    { rank: "hidden", suit: "hidden" },
  ],
  dealerTotal: 10,
  hands: [
    {
      cards: [ace, { rank: "5", suit: "hearts" }],
      total: 16,
      soft: true,
      betAmount: 1,
      doubled: false,
      result: null,
      winAmount: 0,
    },
  ],
  activeHand: 0,
  result: "playing",
  winAmount: 0,
  betAmount: 1,
  legal: { hit: true, stand: true, double: true, split: false },
  message: null,
  newCard: ace,
};

const card = { suit: "♠", value: "7" };
const hilo = {
  ...accepted,
  status: "active",
  currentCard: card,
  cards: [card],
  guesses: [],
  streak: 0,
  multiplier: 0,
  potentialWin: 0,
  higher: { probability: 0.46, multiplier: 2.1 },
  lower: null,
  betAmount: 10,
  winAmount: 0,
};

const refusal = { ok: false, code: "bet/insufficient_balance", message: "Insufficient balance!" };

describe.each([
  ["dice", diceAnswerSchema, dice, { dice1: 7 }],
  ["plinko", plinkoAnswerSchema, plinko, { risk: "extreme" }],
  ["slots spin", slotsSpinAnswerSchema, spin, { grid: ["not-a-symbol"] }],
  ["slots bonus", slotsBonusAnswerSchema, bought, { price: -1 }],
  ["blackjack", blackjackAnswerSchema, blackjack, { dealerCards: [{ rank: "1", suit: "stars" }] }],
  ["hi-lo", hiloAnswerSchema, hilo, { status: "won" }],
])("the %s answer", (_name, schema, body, broken) => {
  it("reads an accepted move as ok: true with its fields", () => {
    const parsed = schema.parse(body);
    expect(parsed.ok).toBe(true);
    expect(parsed).toMatchObject(body);
  });

  it("reads a refusal as ok: false with its code and text, with or without ok on the wire", () => {
    expect(schema.parse(refusal)).toEqual(refusal);
    expect(schema.parse({ code: refusal.code, message: refusal.message })).toEqual(refusal);
  });

  it("refuses a body without its fields, with a field out of range, or with no discriminant", () => {
    expect(schema.safeParse({ ok: true, currency: "HC" }).success).toBe(false);
    expect(schema.safeParse({ ...body, ...broken }).success).toBe(false);
    expect(schema.safeParse({ ...body, ok: undefined }).success).toBe(false);
    expect(schema.safeParse({ ...body, houseBalance: 999 }).success).toBe(false);
  });
});

const { currency: _currency, ...roundAndBalances } = accepted;
const report = {
  ...roundAndBalances,
  success: true,
  verified: true,
  gameType: "hilo",
  gameResult: { isWin: false, winAmount: 0, streak: 2 },
};

const { ok: _ok, ...openHilo } = hilo;
const state = {
  ok: true,
  gameType: "hilo",
  aminaBalance: "0",
  houseBalance: "999",
  open: true,
  game: openHilo,
};

describe.each([
  ["place-bet report", placeBetAnswerSchema, report, { verified: false }],
  ["game state", gameStateAnswerSchema, state, { game: { status: "won" } }],
])("the %s answer", (_name, schema, body, broken) => {
  it("reads the accepted answer and a refusal by ok", () => {
    expect(schema.parse(body)).toMatchObject(body);
    expect(schema.parse(refusal)).toEqual(refusal);
  });

  it("refuses a broken or unmarked body", () => {
    expect(schema.safeParse({ ...body, ...broken }).success).toBe(false);
    expect(schema.safeParse({ ...body, ok: undefined }).success).toBe(false);
  });
});

describe("a room's game answer", () => {
  it("keeps an accepted move's fields beside ok and action", () => {
    expect(roomGameAnswerSchema.parse({ ...dice, action: "roll" })).toMatchObject({
      ok: true,
      action: "roll",
      total: 7,
    });
  });

  it("reads a refusal with the message it answers", () => {
    const parsed = roomGameAnswerSchema.parse({ ...refusal, action: "roll" });
    expect(parsed).toEqual({ ...refusal, action: "roll" });
    expect(gameRefusalSchema.safeParse({ ok: false, code: "x" }).success).toBe(false);
  });

  it("refuses a reply with neither discriminant nor code", () => {
    expect(roomGameAnswerSchema.safeParse({ action: "roll", total: 7 }).success).toBe(false);
    expect(roomGameAnswerSchema.safeParse("ok").success).toBe(false);
  });
});

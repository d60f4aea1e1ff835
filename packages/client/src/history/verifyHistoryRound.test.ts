import {
  createFloatStream,
  type DiceBetType,
  hashServerSeed,
  rollDice,
  unitsToCoins,
} from "@casino/protocol";
import { describe, expect, it } from "vitest";
import type { GameSessionRecord } from "../api/types.ts";
import { verifyHistoryRound } from "./verifyHistoryRound.ts";

const SERVER_SEED = "7f".repeat(32);
const CLIENT_SEED = "nebula-seed-42";

/** A settled dice round exactly as the history API returns it, built with the protocol's own rules. */
function makeDiceRound(nonce: number, betType: DiceBetType = "low"): GameSessionRecord {
  const stake = 10_000_000;
  const outcome = rollDice(stake, betType, createFloatStream(SERVER_SEED, CLIENT_SEED, nonce));
  return {
    id: `round-${nonce}`,
    gameType: "dice",
    betAmount: 10,
    winAmount: unitsToCoins(outcome.win),
    currency: "HC",
    createdAt: "2026-11-22T12:00:00.000Z",
    serverSeedHash: hashServerSeed(SERVER_SEED),
    serverSeed: SERVER_SEED,
    clientSeed: CLIENT_SEED,
    nonce,
    input: { game: "dice", stake, betType },
    outcome: JSON.parse(JSON.stringify(outcome)),
  };
}

describe("verifyHistoryRound", () => {
  it("confirms rounds replayed from their revealed seeds, wins and losses alike", () => {
    const rounds = Array.from({ length: 12 }, (_, nonce) => makeDiceRound(nonce));
    expect(rounds.some((round) => Number(round.winAmount) > 0)).toBe(true);
    expect(rounds.some((round) => Number(round.winAmount) === 0)).toBe(true);
    for (const round of rounds) expect(verifyHistoryRound(round)).toEqual({ kind: "match" });
  });

  it("waits for the seed to be revealed", () => {
    expect(verifyHistoryRound({ ...makeDiceRound(0), serverSeed: null })).toEqual({ kind: "unrevealed" });
  });

  it("catches a seed that does not hash to its commitment", () => {
    const round = { ...makeDiceRound(1), serverSeedHash: hashServerSeed("00".repeat(32)) };
    expect(verifyHistoryRound(round)).toMatchObject({
      kind: "mismatch",
      detail: expect.stringContaining("hash"),
    });
  });

  it("catches a recorded outcome the seeds do not produce", () => {
    const round = makeDiceRound(2);
    const outcome = round.outcome as { dice1: number };
    const tampered = { ...round, outcome: { ...outcome, dice1: (outcome.dice1 % 6) + 1 } };
    expect(verifyHistoryRound(tampered)).toMatchObject({
      kind: "mismatch",
      detail: expect.stringContaining("outcome"),
    });
  });

  it("catches a payout that differs from the replayed win", () => {
    const round = makeDiceRound(3);
    const wrongPay = { ...round, winAmount: Number(round.winAmount) + 1 };
    expect(verifyHistoryRound(wrongPay)).toMatchObject({
      kind: "mismatch",
      detail: expect.stringContaining("paid"),
    });
  });

  it("reports rounds it cannot replay", () => {
    expect(verifyHistoryRound({ ...makeDiceRound(4), input: undefined })).toMatchObject({ kind: "error" });
  });
});

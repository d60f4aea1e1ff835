import { createFloatStream, hashServerSeed, rollDice } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import type { GameSessionRecord } from "../../api/types.ts";
import { checkPlayedRound } from "./checkPlayedRound.ts";

const SERVER_SEED = "ab".repeat(32);

/** A settled dice round as the history API lists it, replayed from the seeds. */
function makeDiceRow(id: number, revealed: boolean, winOverride?: number): GameSessionRecord {
  const outcome = rollDice(10_000_000, "seven", createFloatStream(SERVER_SEED, "client", id));
  return {
    id,
    gameType: "dice",
    betAmount: 10,
    winAmount: winOverride ?? outcome.win / 1_000_000,
    currency: "HC",
    createdAt: "2026-11-01T00:00:00Z",
    serverSeedHash: hashServerSeed(SERVER_SEED),
    serverSeed: revealed ? SERVER_SEED : null,
    clientSeed: "client",
    nonce: id,
    input: { game: "dice", stake: 10_000_000, betType: "seven" },
    outcome,
  };
}

describe("checkPlayedRound", () => {
  const rows = [makeDiceRow(3, true), makeDiceRow(2, false), makeDiceRow(1, true, 999)];

  it("verifies a revealed round by its id (string or number)", () => {
    expect(checkPlayedRound(rows, "3")).toEqual({ kind: "match" });
  });

  it("says unrevealed while the server seed is still secret", () => {
    expect(checkPlayedRound(rows, 2)).toEqual({ kind: "unrevealed" });
  });

  it("catches a paid amount that the replay does not give", () => {
    expect(checkPlayedRound(rows, 1)).toMatchObject({ kind: "mismatch" });
  });

  it("a round not in the history is missing", () => {
    expect(checkPlayedRound(rows, 42)).toEqual({ kind: "missing" });
  });
});

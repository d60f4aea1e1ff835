import { describe, expect, it } from "vitest";
import { parseSimArgs } from "./sim-args.ts";
import { parseVerifyArgs } from "./verify-args.ts";

describe("pnpm sim arguments", () => {
  it.each([
    [["slots", "--rounds", "1e8", "--workers", "2"], { game: "slots", bonusBuy: false }, 100_000_000, 2],
    [["slots", "--bonus-buy", "--rounds", "1000"], { game: "slots", bonusBuy: true }, 1000, 1],
    [["plinko", "--risk", "high"], { game: "plinko", risk: "high" }, 1_000_000, 1],
    [["dice", "--bet", "seven"], { game: "dice", betType: "seven" }, 1_000_000, 1],
    [
      ["blackjack", "--strategy", "mimic-dealer"],
      { game: "blackjack", strategy: "mimic-dealer" },
      1_000_000,
      1,
    ],
    [["hilo", "--strategy", "likely:5"], { game: "hilo", cashOutAfter: 5 }, 1_000_000, 1],
  ])("%j", (args, config, rounds, workers) => {
    expect(parseSimArgs(args)).toMatchObject({ config, rounds, workers });
  });

  it.each([
    [["roulette"]],
    [["dice", "--bet", "eleven"]],
    [["slots", "--rounds", "-5"]],
    [["hilo", "--strategy", "always"]],
  ])("refuses %j", (args) => {
    expect(() => parseSimArgs(args)).toThrow();
  });
});

describe("pnpm verify arguments", () => {
  const seeds = ["--server-seed", "ab", "--client-seed", "c", "--nonce", "4"];

  it("builds the round record the browser verifies", () => {
    expect(parseVerifyArgs([...seeds, "--game", "dice", "--bet", "low", "--stake", "0.005"])).toEqual({
      serverSeed: "ab",
      clientSeed: "c",
      nonce: 4,
      input: { game: "dice", stake: 5_000, betType: "low" },
    });
    expect(
      parseVerifyArgs([...seeds, "--game", "blackjack", "--actions", "split,double,stand"]).input,
    ).toEqual({
      game: "blackjack",
      stake: 1_000_000,
      actions: ["split", "double", "stand"],
    });
    expect(parseVerifyArgs([...seeds, "--game", "hilo", "--guesses", "higher,lower,cashout"]).input).toEqual({
      game: "hilo",
      stake: 1_000_000,
      moves: ["higher", "lower", "cashout"],
    });
    expect(
      parseVerifyArgs([...seeds, "--game", "slots", "--free-spin-multiplier", "3", "--bonus-won", "12.5"])
        .input,
    ).toEqual({
      game: "slots",
      stake: 1_000_000,
      freeSpin: { multiplier: 3, bonusWonBefore: 12_500_000 },
    });
  });

  it("names the missing or bad flag", () => {
    expect(() => parseVerifyArgs(["--game", "dice"])).toThrow("--nonce is required");
    expect(() => parseVerifyArgs([...seeds, "--game", "keno"])).toThrow("--game");
    expect(() => parseVerifyArgs([...seeds, "--game", "dice", "--bet", "low", "--stake", "1e3"])).toThrow(
      "--stake",
    );
  });
});

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFloatStream } from "../fair/stream.ts";
import type { RoundInput } from "../schemas/round-input.ts";
import { applyBlackjackAction, startBlackjack } from "./blackjack/blackjack.ts";
import { rollDice } from "./dice/dice.ts";
import { hiloRank, replayHilo, startHilo } from "./hilo/hilo.ts";
import { dropPlinko } from "./plinko/plinko.ts";
import { buyBonusOutcome, playFreeSpin, spinSlots } from "./slots/slots.ts";
import { canonicalJson, verifyRound } from "./verify.ts";

const serverSeed = "9e".repeat(32);
const clientSeed = "player-chosen";

/** Plays a round the way the server does, step by step on one stream, and returns what it stores. */
function serverRound(input: RoundInput, nonce: number): unknown {
  const stream = createFloatStream(serverSeed, clientSeed, nonce);
  switch (input.game) {
    case "dice":
      return rollDice(input.stake, input.betType, stream);
    case "plinko":
      return dropPlinko(input.stake, input.risk, stream);
    case "slots":
      if (input.bonusBuy) return buyBonusOutcome();
      return input.freeSpin
        ? playFreeSpin(input.stake, input.freeSpin.multiplier, input.freeSpin.bonusWonBefore, stream)
        : spinSlots(input.stake, stream);
    case "blackjack": {
      let state = startBlackjack(input.stake, stream);
      for (const action of input.actions) {
        // The server resumes from storage between steps.
        const resumed = createFloatStream(serverSeed, clientSeed, nonce, state.position);
        const step = applyBlackjackAction(JSON.parse(JSON.stringify(state)), action, resumed);
        if ("error" in step) throw new Error(step.error);
        state = step.state;
      }
      return state;
    }
    case "hilo": {
      const replay = replayHilo(input.stake, input.moves, stream);
      if ("error" in replay) throw new Error(replay.error);
      return replay.state;
    }
  }
}

describe("verifyRound", () => {
  const rounds: [RoundInput, number][] = [
    [{ game: "dice", stake: 5_000_000, betType: "high" }, 0],
    [{ game: "plinko", stake: 1_000, risk: "medium" }, 1],
    [{ game: "slots", stake: 2_000_000 }, 2],
    [{ game: "slots", stake: 2_000_000, freeSpin: { multiplier: 3, bonusWonBefore: 40_000_000 } }, 3],
    [{ game: "blackjack", stake: 10_000_000, actions: [] }, 4],
    [{ game: "hilo", stake: 1_000_000, moves: [] }, 5],
    [{ game: "slots", stake: 2_000_000, bonusBuy: true }, 6],
    [{ game: "hilo", stake: 1_000_000, moves: ["abandon"] }, 7],
  ];

  it.each(rounds)("replays %j from the revealed seed and agrees with the stored outcome", (input, nonce) => {
    const stored = JSON.parse(JSON.stringify(serverRound(input, nonce)));
    const hash = createHash("sha256").update(serverSeed).digest("hex");
    const result = verifyRound({
      serverSeed,
      clientSeed,
      nonce,
      input,
      outcome: stored,
      serverSeedHash: hash,
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.game).toBe(input.game);
    expect(result.serverSeedHash).toBe(hash);
    expect(result.hashMatches).toBe(true);
    expect(result.matches).toBe(true);
  });

  it("replays multi-step rounds from their recorded moves", () => {
    for (let nonce = 10; nonce < 40; nonce++) {
      const probe = startBlackjack(1_000_000, createFloatStream(serverSeed, clientSeed, nonce));
      const actions = probe.phase === "player" ? (["hit", "stand"] as const) : ([] as const);
      const input: RoundInput = { game: "blackjack", stake: 1_000_000, actions: [...actions] };
      let stored: unknown;
      try {
        stored = serverRound(input, nonce);
      } catch {
        continue; // the hit busted, so the stand was not legal: not a round the server would record
      }
      const result = verifyRound({ serverSeed, clientSeed, nonce, input, outcome: stored });
      expect(result.ok && result.matches).toBe(true);
    }
    const first = startHilo(1_000_000, createFloatStream(serverSeed, clientSeed, 50));
    const guess = hiloRank(first.cards[0]!) <= 7 ? "higher" : "lower";
    const hilo: RoundInput = { game: "hilo", stake: 1_000_000, moves: [guess] };
    const result = verifyRound({
      serverSeed,
      clientSeed,
      nonce: 50,
      input: hilo,
      outcome: serverRound(hilo, 50),
    });
    expect(result.ok && result.matches).toBe(true);
  });

  it("reports a tampered outcome, a wrong hash and a wrong nonce as mismatches", () => {
    const input: RoundInput = { game: "dice", stake: 1_000_000, betType: "low" };
    const stored = rollDice(1_000_000, "low", createFloatStream(serverSeed, clientSeed, 7));
    const forged = { ...stored, win: stored.win + 1 };
    const tampered = verifyRound({
      serverSeed,
      clientSeed,
      nonce: 7,
      input,
      outcome: forged,
      serverSeedHash: "00",
    });
    expect(tampered.ok && [tampered.matches, tampered.hashMatches]).toEqual([false, false]);
    const plinko: RoundInput = { game: "plinko", stake: 1_000_000, risk: "high" };
    const drop = dropPlinko(1_000_000, "high", createFloatStream(serverSeed, clientSeed, 8));
    const otherNonce = verifyRound({ serverSeed, clientSeed, nonce: 9, input: plinko, outcome: drop });
    expect(otherNonce.ok && otherNonce.matches).toBe(false);
  });

  it("compares outcomes by value, whatever the key order of the stored JSON", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
  });

  it("refuses malformed inputs and moves that the rules would not have accepted", () => {
    const bad = [
      { game: "roulette", stake: 1 },
      { game: "dice", stake: 1.5, betType: "low" },
      { game: "dice", stake: 1_000, betType: "eleven" },
      { game: "plinko", stake: 1_000, risk: "low", extra: true },
      null,
    ];
    for (const input of bad) {
      expect(verifyRound({ serverSeed, clientSeed, nonce: 0, input })).toMatchObject({
        ok: false,
        error: "verify/bad_input",
      });
    }
    const cashOutFirst: RoundInput = { game: "hilo", stake: 1_000, moves: ["cashout"] };
    expect(verifyRound({ serverSeed, clientSeed, nonce: 0, input: cashOutFirst })).toMatchObject({
      ok: false,
      error: "verify/illegal_move",
    });
    expect(verifyRound({ serverSeed, clientSeed, nonce: -1, input: rounds[0]![0] })).toMatchObject({
      ok: false,
    });
  });
});

import { readFairnessExamples } from "@casino/protocol/fair/fairness-doc";
import { describe, expect, it } from "vitest";
import fairnessDoc from "../../../../docs/FAIRNESS.md?raw";
import { traceRound } from "./traceRound.ts";
import { readVerifyForm, roundOfForm, verifyHrefOf } from "./verifyParams.ts";

/** The worked single-player examples of docs/FAIRNESS.md (the page must agree with the document). */
const examples = readFairnessExamples(fairnessDoc).rounds;

describe("traceRound", () => {
  it.each(examples.map((e) => [`${e.game} nonce ${e.nonce}`, e] as const))(
    "shows the blocks, floats and outcome of the document's %s",
    (_name, e) => {
      const trace = traceRound({ ...e, hash: e.serverSeedHash });
      if (!trace.ok) throw new Error(trace.message);
      expect(trace.blocks.map((b) => b.hex)).toEqual(e.hmac);
      expect(trace.floats.map((f) => f.value)).toEqual(e.floats);
      expect(trace.result.outcome).toEqual(e.outcome);
      expect(trace.result.matches).toBe(true);
      expect(trace.result.hashMatches).toBe(true);
      expect(trace.floats.every((f) => f.meaning.length > 0)).toBe(true);
    },
  );

  it("explains dice floats as dice faces", () => {
    const dice = examples.find((e) => e.game === "dice")!;
    const trace = traceRound(dice);
    expect(trace.ok && trace.floats.map((f) => f.meaning)).toEqual([
      "die 1 = floor(f × 6) + 1 = 1",
      "die 2 = floor(f × 6) + 1 = 1",
    ]);
    expect(trace.ok && trace.floats[0]?.bytes).toBe("28 7b 3e 74");
  });

  it("reports a wrong hash and an illegal move", () => {
    const bj = examples.find((e) => e.game === "blackjack")!;
    const wrongHash = traceRound({ ...bj, hash: "00".repeat(32) });
    expect(wrongHash.ok && wrongHash.result.hashMatches).toBe(false);
    const illegal = traceRound({
      ...bj,
      input: { game: "blackjack", stake: 1_000_000, actions: ["stand", "stand", "stand"] },
    });
    expect(illegal.ok).toBe(false);
  });
});

describe("verify links", () => {
  it("round-trip every game's inputs from a history row through the URL to the same round", () => {
    for (const e of examples) {
      const href = verifyHrefOf({ gameType: e.game, ...e, serverSeedHash: e.serverSeedHash });
      expect(href).toMatch(/^\/verify\?game=/);
      const form = readVerifyForm(new URL(href!, "https://casino.test").searchParams);
      expect(form.hash).toBe(e.serverSeedHash);
      const round = roundOfForm(form);
      expect(round).toEqual({
        ok: true,
        serverSeed: e.serverSeed,
        clientSeed: e.clientSeed,
        nonce: e.nonce,
        input: e.input,
      });
    }
  });

  it("carries free spins and bought bonuses", () => {
    const base = {
      gameType: "slots",
      serverSeed: "ab".repeat(32),
      serverSeedHash: "h",
      clientSeed: "c",
      nonce: 4,
    };
    const free = { game: "slots", stake: 2_000_000, freeSpin: { multiplier: 3, bonusWonBefore: 1_500_000 } };
    const form = readVerifyForm(
      new URL(verifyHrefOf({ ...base, input: free })!, "https://x.test").searchParams,
    );
    expect(roundOfForm(form)).toMatchObject({ ok: true, input: free });
    const bought = { game: "slots", stake: 1_000_000, bonusBuy: true };
    const form2 = readVerifyForm(
      new URL(verifyHrefOf({ ...base, input: bought })!, "https://x.test").searchParams,
    );
    expect(roundOfForm(form2)).toMatchObject({ ok: true, input: bought });
  });

  it("gives no link while the seed is not revealed, and refuses malformed forms", () => {
    expect(
      verifyHrefOf({
        gameType: "dice",
        serverSeed: null,
        serverSeedHash: "h",
        clientSeed: "c",
        nonce: 0,
        input: {},
      }),
    ).toBeNull();
    const form = readVerifyForm(new URLSearchParams("game=dice&serverSeed=xyz&clientSeed=c&nonce=1"));
    expect(roundOfForm(form)).toMatchObject({ ok: false });
    const badNonce = readVerifyForm(
      new URLSearchParams(`game=dice&serverSeed=${"ab".repeat(32)}&clientSeed=c&nonce=-1`),
    );
    expect(roundOfForm(badNonce)).toMatchObject({ ok: false });
    expect(readVerifyForm(new URLSearchParams("handId=abc")).game).toBe("poker");
  });
});

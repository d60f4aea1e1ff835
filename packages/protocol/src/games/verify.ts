/**
 * One replay of any single-player round from its revealed seeds, nonce and recorded inputs, shared
 * by the browser's Verify button, the command-line verifier and the server's fairness auditor.
 * The outcome a round stores is exactly what this returns as `outcome` (as JSON): the DiceOutcome,
 * PlinkoOutcome or SlotsOutcome, or the final BlackjackState or HiloState.
 */
import { createFloatStream, type FloatStream, hashServerSeed } from "../fair/stream.ts";
import { type RoundInput, roundInputSchema } from "../schemas/round-input.ts";
import { applyBlackjackAction, type BlackjackState, startBlackjack } from "./blackjack/blackjack.ts";
import { type DiceOutcome, rollDice } from "./dice/dice.ts";
import { type HiloState, replayHilo } from "./hilo/hilo.ts";
import { dropPlinko, type PlinkoOutcome } from "./plinko/plinko.ts";
import { buyBonusOutcome, playFreeSpin, type SlotsOutcome, spinSlots } from "./slots/slots.ts";

/** A round as history and audits hold it: seeds, nonce, inputs and, optionally, what was stored. */
export interface VerifiableRound {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  input: RoundInput | unknown; // parsed here, so raw JSON from the history API is fine
  outcome?: unknown; // the stored outcome, compared with the replay when given
  serverSeedHash?: string; // the hash published before the round, compared when given
}

/** The replayed outcome of each game. */
export type RoundOutcome =
  | { game: "dice"; outcome: DiceOutcome }
  | { game: "plinko"; outcome: PlinkoOutcome }
  | { game: "slots"; outcome: SlotsOutcome }
  | { game: "blackjack"; outcome: BlackjackState }
  | { game: "hilo"; outcome: HiloState };

/** A successful replay: the outcome, its gross win, and whether the stored facts agree with it. */
export type RoundVerification = RoundOutcome & {
  ok: true;
  serverSeedHash: string;
  hashMatches: boolean | null; // null when no hash was given
  matches: boolean | null; // null when no outcome was given
  win: number;
};

/** Why a round cannot be replayed. */
export type VerifyError = "verify/bad_input" | "verify/illegal_move";

/** Replays the inputs of a round on a stream (the server's own rounds take this same path). */
export function replayRound(input: RoundInput, stream: FloatStream): RoundOutcome | { error: VerifyError } {
  switch (input.game) {
    case "dice":
      return { game: "dice", outcome: rollDice(input.stake, input.betType, stream) };
    case "plinko":
      return { game: "plinko", outcome: dropPlinko(input.stake, input.risk, stream) };
    case "slots": {
      const free = input.freeSpin;
      if (input.bonusBuy) return { game: "slots", outcome: buyBonusOutcome() };
      const outcome = free
        ? playFreeSpin(input.stake, free.multiplier, free.bonusWonBefore, stream)
        : spinSlots(input.stake, stream);
      return { game: "slots", outcome };
    }
    case "blackjack": {
      let state = startBlackjack(input.stake, stream);
      for (const action of input.actions) {
        const step = applyBlackjackAction(state, action, stream);
        if ("error" in step) return { error: "verify/illegal_move" };
        state = step.state;
      }
      return { game: "blackjack", outcome: state };
    }
    case "hilo": {
      const replay = replayHilo(input.stake, input.moves, stream);
      if ("error" in replay) return { error: "verify/illegal_move" };
      return { game: "hilo", outcome: replay.state };
    }
  }
}

/** The gross win of a replayed outcome, micro-units. */
function winOf(result: RoundOutcome): number {
  if (result.game === "blackjack") return result.outcome.totalWin;
  return result.outcome.win;
}

/** JSON with object keys sorted, so stored and replayed outcomes compare by value. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Recomputes a round from its revealed server seed and says whether the stored outcome and hash agree. */
export function verifyRound(
  round: VerifiableRound,
): RoundVerification | { ok: false; error: VerifyError; message: string } {
  const parsed = roundInputSchema.safeParse(round.input);
  if (!parsed.success)
    return { ok: false, error: "verify/bad_input", message: parsed.error.issues[0]?.message ?? "bad input" };
  if (!round.serverSeed || !Number.isSafeInteger(round.nonce) || round.nonce < 0) {
    return {
      ok: false,
      error: "verify/bad_input",
      message: "server seed and a non-negative nonce are required",
    };
  }
  const replay = replayRound(parsed.data, createFloatStream(round.serverSeed, round.clientSeed, round.nonce));
  if ("error" in replay)
    return { ok: false, error: replay.error, message: "the recorded moves are not legal in the replay" };
  const serverSeedHash = hashServerSeed(round.serverSeed);
  return {
    ...replay,
    ok: true,
    serverSeedHash,
    hashMatches: round.serverSeedHash === undefined ? null : round.serverSeedHash === serverSeedHash,
    matches:
      round.outcome === undefined ? null : canonicalJson(round.outcome) === canonicalJson(replay.outcome),
    win: winOf(replay),
  };
}

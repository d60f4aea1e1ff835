/** Re-verifies one history row in the browser from its revealed seeds, with the protocol's own rules. */
import { verifyRound } from "@casino/protocol";
import type { GameSessionRecord } from "../api/types.ts";
import { toUnits } from "../ui/format.ts";

/** The verdict shown under a history row. */
export type RoundCheck =
  | { kind: "match" }
  | { kind: "mismatch"; detail: string }
  | { kind: "unrevealed" }
  | { kind: "error"; detail: string };

/**
 * Replays the round from serverSeed, clientSeed, nonce and inputs, then compares the seed with its
 * published hash, the replayed outcome with the stored one, and the replayed win with the amount paid.
 */
export function verifyHistoryRound(round: GameSessionRecord): RoundCheck {
  if (!round.serverSeed) return { kind: "unrevealed" };
  const result = verifyRound({
    serverSeed: round.serverSeed,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    input: round.input,
    outcome: round.outcome,
    serverSeedHash: round.serverSeedHash,
  });
  if (!result.ok) return { kind: "error", detail: result.message };
  if (result.hashMatches === false) {
    return { kind: "mismatch", detail: "the revealed server seed does not hash to the committed hash" };
  }
  if (result.matches === false)
    return { kind: "mismatch", detail: "the replayed outcome differs from the recorded one" };
  if (result.win !== toUnits(round.winAmount)) {
    return { kind: "mismatch", detail: "the amount paid differs from the replayed win" };
  }
  return { kind: "match" };
}

/**
 * Finds the round a game screen just played in the player's history and re-verifies it in the
 * browser with the protocol's rules (the same check as the lobby's history panel).
 */
import type { GameSessionRecord } from "../../api/types.ts";
import { type RoundCheck, verifyHistoryRound } from "../../history/verifyHistoryRound.ts";

/** The verdict of a played round: the history check, or not in the settled history (yet). */
export type PlayedRoundCheck = RoundCheck | { kind: "missing" };

/** History rows to search for a recent round. */
export const VERIFY_HISTORY_LIMIT = 100;

/** Checks the round `roundId` among the history rows. */
export function checkPlayedRound(
  rows: readonly GameSessionRecord[],
  roundId: string | number,
): PlayedRoundCheck {
  const row = rows.find((candidate) => String(candidate.id) === String(roundId));
  if (!row) return { kind: "missing" };
  return verifyHistoryRound(row);
}

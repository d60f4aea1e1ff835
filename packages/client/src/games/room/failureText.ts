/**
 * The one map from a refused game action to the red-box text of SPEC.md section 8: the spec's own
 * messages where the server's code has one, else the action's generic failure with the reason.
 */
import type { GameFailure } from "./gameReply.ts";

/** Codes whose text SPEC.md prints as is. */
const SPEC_TEXTS: Record<string, string> = {
  "bet/insufficient_balance": "Insufficient balance!",
  "slots/insufficient_for_bonus": "Insufficient balance for bonus!",
  "plinko/too_many_balls": "Maximum 5 balls allowed!",
};

/** The generic failure text of each room action (SPEC.md section 8). */
export const ACTION_FAILURE_TEXTS: Record<string, string> = {
  spin: "Failed to spin!",
  buyBonus: "Failed to buy bonus!",
  drop: "Failed to process bet!",
  roll: "Failed to process bet!",
  deal: "Failed to deal cards",
  hit: "Hit failed",
  stand: "Stand failed",
  double: "Double failed",
  split: "Split failed",
  start: "Failed to start game!",
  guess: "Guess failed",
  cashOut: "Failed to cashout!",
};

/** The red-box text of a failed action: the spec's message, or "{generic}: {reason}". */
export function describeGameFailure(action: string, failure: GameFailure): string {
  if (action === "buyBonus" && failure.code === "bet/insufficient_balance")
    return "Insufficient balance for bonus!";
  const spec = SPEC_TEXTS[failure.code];
  if (spec) return spec;
  const generic = ACTION_FAILURE_TEXTS[action] ?? "Action failed";
  if (!failure.message || failure.message === generic) return generic;
  return `${generic} ${failure.message}`;
}

/**
 * The one map from a refused game action to the red-box text of SPEC.md section 8: the failure
 * catalogue's text where the server's code is one SPEC.md prints as is, else the action's generic
 * failure with the reason.
 */
import { type FailureCode, messageOf } from "@casino/protocol/wire/failures";
import type { GameFailure } from "./gameReply.ts";

/** Codes whose catalogue text SPEC.md prints as is. */
const SPEC_CODES: ReadonlySet<string> = new Set<FailureCode>([
  "bet/insufficient_balance",
  "slots/insufficient_for_bonus",
  "plinko/too_many_balls",
]);

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
    return messageOf("slots/insufficient_for_bonus");
  if (SPEC_CODES.has(failure.code)) return messageOf(failure.code as FailureCode);
  const generic = ACTION_FAILURE_TEXTS[action] ?? "Action failed";
  if (!failure.message || failure.message === generic) return generic;
  return `${generic} ${failure.message}`;
}

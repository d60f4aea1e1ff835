/** The engine's refusals: namespaced codes of the casino's failure catalogue (wire/failures.ts). */
import { type FailureCode, messageOf } from "../../wire/failures.ts";
import type { TableError } from "./types.ts";

/** Every refusal the reducer can return. */
const TABLE_ERROR_CODES = [
  "poker/unknown_action",
  "poker/invalid_seat",
  "poker/seat_taken",
  "poker/seat_empty",
  "poker/already_seated",
  "poker/invalid_amount",
  "poker/invalid_player",
  "poker/hand_in_progress",
  "poker/not_enough_players",
  "poker/invalid_deck",
  "poker/no_hand",
  "poker/not_your_turn",
  "poker/cannot_check",
  "poker/nothing_to_call",
  "poker/below_min_raise",
  "poker/above_stack",
  "poker/raise_not_allowed",
  "poker/raise_cannot_be_called",
  "poker/not_timed_out",
  "poker/nothing_to_advance",
  "poker/stale_action",
] as const satisfies readonly FailureCode[];

/** A refusal code of the engine. */
export type TableErrorCode = (typeof TABLE_ERROR_CODES)[number];

/** Every refusal the reducer can return, with its catalogue text. */
export const TABLE_ERROR_MESSAGES = Object.fromEntries(
  TABLE_ERROR_CODES.map((code) => [code, messageOf(code)]),
) as Readonly<Record<TableErrorCode, string>>;

/** Builds the error value for a code, with an optional detail appended to the message. */
export function tableError(code: TableErrorCode, detail?: string): { error: TableError } {
  const message = messageOf(code);
  return { error: { code, message: detail ? `${message} ${detail}` : message } };
}

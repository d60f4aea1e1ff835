/**
 * Poker's expected failures: the casino's catalogue (protocol) for its own codes; the engine's
 * refusals (poker/not_your_turn, ...) keep their code and message and get a status here.
 */
import {
  type Failure,
  type FailureCode,
  failure,
  TABLE_ERROR_MESSAGES,
  type TableError,
} from "@casino/protocol";

/** A poker failure code of the casino's catalogue. */
export type PokerFailureCode = Extract<FailureCode, `poker/${string}` | "casino/maintenance">;

/** An expected failure as a value. */
export type PokerFailure = Failure;

/** Poker's own wording of a casino-wide code. */
const POKER_WORDING: Partial<Record<PokerFailureCode, string>> = {
  "casino/maintenance": "The casino is in maintenance: new hands are paused, please come back soon",
};

/** The failure of a code, with poker's (or the catalogue's) text unless a more precise one is given. */
export function pokerFailure(code: PokerFailureCode, message?: string): PokerFailure {
  return failure(code, message ?? POKER_WORDING[code]);
}

/** Engine refusals that are bad input rather than a state conflict. */
const BAD_INPUT_CODES = new Set<string>([
  "poker/invalid_amount",
  "poker/below_min_raise",
  "poker/above_stack",
  "poker/unknown_action",
  "poker/invalid_seat",
  "poker/invalid_player",
]);

/** An engine refusal as a failure (400 for bad amounts, 409 for moves the table state forbids). */
export function engineFailure(error: TableError): PokerFailure {
  const known = error.code in TABLE_ERROR_MESSAGES;
  return {
    ok: false,
    code: error.code,
    message: error.message,
    status: known && !BAD_INPUT_CODES.has(error.code) ? 409 : 400,
  };
}

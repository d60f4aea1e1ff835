/**
 * Poker's expected failures, from the casino's catalogue (protocol): the table's own codes and the
 * engine's refusals (poker/not_your_turn, ...), which keep the detail the engine appended.
 */
import { type Failure, type FailureCode, failure, isFailureCode, type TableError } from "@casino/protocol";

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

/** An engine refusal as its catalogue failure (400 for bad amounts, 409 for moves the table state forbids). */
export function engineFailure(error: TableError): PokerFailure {
  return isFailureCode(error.code) ? failure(error.code, error.message) : failure("http/internal");
}

/**
 * Poker's expected failures in one place: a namespaced code, its HTTP status and the text a player
 * reads. The engine's own refusals (poker/not_your_turn, ...) keep their code and message.
 */
import { TABLE_ERROR_MESSAGES, type TableError } from "@casino/protocol";

const CATALOGUE = {
  "poker/table_not_found": [404, "No such poker table"],
  "poker/table_elsewhere": [503, "This table is hosted by another server right now, please try again"],
  "poker/table_closing": [503, "This table is closing"],
  "poker/table_full": [409, "This table is full"],
  "poker/not_seated": [409, "You are not seated at this table"],
  "poker/not_seated_amina": [409, "You are not seated at an AMINA table"],
  "poker/several_tables": [400, "You sit at several AMINA tables: name the tableId"],
  "poker/invalid_buy_in": [400, "The buy-in is outside this table's range"],
  "poker/wrong_currency": [400, "This table plays in another currency"],
  "poker/not_amina_table": [400, "Chips can be bought and cashed out only at AMINA tables"],
  "poker/whole_chips": [400, "The amount must be a whole number of chips (0.001 AMINA each)"],
  "poker/above_max_buy_in": [400, "That would put more chips on the table than its maximum buy-in"],
  "poker/insufficient_balance": [400, "Insufficient balance!"],
  "poker/hand_not_found": [404, "No such hand"],
  "poker/hand_not_yours": [403, "You did not play this hand"],
  "poker/hand_live": [409, "This hand is still being played"],
  "casino/maintenance": [503, "The casino is in maintenance: new hands are paused, please come back soon"],
} as const satisfies Record<string, readonly [number, string]>;

/** A poker failure code of this catalogue. */
export type PokerFailureCode = keyof typeof CATALOGUE;

/** An expected failure as a value. */
export interface PokerFailure {
  ok: false;
  code: string;
  message: string;
  status: number;
}

/** The failure of a code, with its catalogue text unless a more precise one is given. */
export function pokerFailure(code: PokerFailureCode, message?: string): PokerFailure {
  const [status, text] = CATALOGUE[code];
  return { ok: false, code, message: message ?? text, status };
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

/** The engine's refusals, each a namespaced code with a message a player can read. */
import type { TableError } from "./types.ts";

/** Every refusal the reducer can return, by code. */
export const TABLE_ERROR_MESSAGES = {
  "poker/unknown_action": "Unknown action.",
  "poker/invalid_seat": "There is no such seat at this table.",
  "poker/seat_taken": "That seat is taken.",
  "poker/seat_empty": "Nobody sits in that seat.",
  "poker/already_seated": "You are already seated at this table.",
  "poker/invalid_amount": "The amount must be a positive whole number of chips.",
  "poker/invalid_player": "A player needs an id and a name.",
  "poker/hand_in_progress": "Wait until the current hand ends.",
  "poker/not_enough_players": "At least two players with chips are needed to start a hand.",
  "poker/invalid_deck": "The deck must be the 52 cards in some order.",
  "poker/no_hand": "No hand is being played.",
  "poker/not_your_turn": "It is not your turn.",
  "poker/cannot_check": "You cannot check: there is a bet to call.",
  "poker/nothing_to_call": "There is nothing to call: check instead.",
  "poker/below_min_raise": "The raise is below the minimum.",
  "poker/above_stack": "You do not have that many chips.",
  "poker/raise_not_allowed": "Betting is not reopened: you may only call or fold.",
  "poker/raise_cannot_be_called":
    "Nobody left in the hand can call a raise: you may only call, check or fold.",
  "poker/not_timed_out": "The player still has time to act.",
  "poker/nothing_to_advance": "There are no cards to deal now.",
  "poker/stale_action": "The table changed before your action arrived: look again and act.",
} as const;

/** A refusal code of the engine. */
export type TableErrorCode = keyof typeof TABLE_ERROR_MESSAGES;

/** Builds the error value for a code, with an optional detail appended to the message. */
export function tableError(code: TableErrorCode, detail?: string): { error: TableError } {
  const message = TABLE_ERROR_MESSAGES[code];
  return { error: { code, message: detail ? `${message} ${detail}` : message } };
}

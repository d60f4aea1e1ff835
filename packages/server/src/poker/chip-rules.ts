/**
 * Taking chips off a seated stack between hands (a partial cash-out), as a pure step on the
 * engine's table state with the same checks as the engine's add_chips.
 */
import { TABLE_ERROR_MESSAGES, type TableResult, type TableState } from "@casino/protocol";

function refuse(code: keyof typeof TABLE_ERROR_MESSAGES): TableResult {
  return { error: { code, message: TABLE_ERROR_MESSAGES[code] } };
}

/** Removes chips from a stack while its player is not in a hand; the whole stack is a leave instead. */
export function removeChips(state: TableState, seat: number, amount: number): TableResult {
  const player = state.seats[seat];
  if (!player) return refuse("poker/seat_empty");
  if (!Number.isSafeInteger(amount) || amount <= 0) return refuse("poker/invalid_amount");
  if (amount >= player.stack) return refuse("poker/above_stack");
  const hand = state.hand;
  if (hand && !hand.ended && hand.players.some((p) => p.seat === seat))
    return refuse("poker/hand_in_progress");
  // A new state sharing everything but the changed seat, as the engine's reducer does.
  const stack = player.stack - amount;
  const seats = state.seats.map((p, i) => (i === seat && p ? { ...p, stack } : p));
  return {
    state: { ...state, seats, version: state.version + 1 },
    events: [{ type: "chips_added", seat, amount: -amount, stack }],
  };
}

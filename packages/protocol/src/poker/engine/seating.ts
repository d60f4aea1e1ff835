/**
 * Seating between and during hands: sitting down, leaving (mid-hand it folds, and the seat frees
 * when the hand ends), sitting out, and adding chips while not in a hand.
 */
import { tableError } from "./errors.ts";
import { endHandIfDecided, playerAt } from "./hand-flow.ts";
import type { SeatedPlayer, TableError, TableEvent, TableState } from "./types.ts";

/** Whether a value is a seat of this table. */
export function isSeatOf(state: TableState, seat: unknown): seat is number {
  return Number.isInteger(seat) && (seat as number) >= 0 && (seat as number) < state.config.maxPlayers;
}

/** Whether a value is a positive whole number of chips. */
export function isChipAmount(amount: unknown): amount is number {
  return typeof amount === "number" && Number.isSafeInteger(amount) && amount > 0;
}

/** Whether the seat's player holds cards in the hand being played. */
export function isInLiveHand(state: TableState, seat: number): boolean {
  const hand = state.hand;
  return !!hand && !hand.ended && !!playerAt(hand, seat);
}

/** Seats a player with a stack; they wait for the big blind unless they post one. */
export function sitDown(
  state: TableState,
  action: { seat: unknown; playerId: unknown; name: unknown; stack: unknown; postBigBlind?: unknown },
  events: TableEvent[],
): { error: TableError } | null {
  const { seat, playerId, name, stack } = action;
  if (!isSeatOf(state, seat)) return tableError("poker/invalid_seat");
  if (state.seats[seat]) return tableError("poker/seat_taken");
  if (typeof playerId !== "string" || playerId === "" || typeof name !== "string" || name === "") {
    return tableError("poker/invalid_player");
  }
  if (state.seats.some((p) => p?.playerId === playerId)) return tableError("poker/already_seated");
  if (!isChipAmount(stack)) return tableError("poker/invalid_amount");
  const player: SeatedPlayer = {
    playerId,
    name,
    stack,
    sittingOut: false,
    waitingForBigBlind: true,
    postingBigBlind: action.postBigBlind === true,
    leaving: false,
  };
  state.seats[seat] = player;
  events.push({ type: "player_sat", seat, playerId, name, stack });
  return null;
}

/** Leaves the table: at once between hands; mid-hand the player folds (unless all-in) and leaves at the end. */
export function leaveSeat(
  state: TableState,
  seat: unknown,
  events: TableEvent[],
): { error: TableError } | null {
  if (!isSeatOf(state, seat)) return tableError("poker/invalid_seat");
  const player = state.seats[seat];
  if (!player) return tableError("poker/seat_empty");
  const hand = state.hand;
  if (!hand || !isInLiveHand(state, seat)) {
    state.seats[seat] = null;
    events.push({ type: "player_left", seat, playerId: player.playerId, stack: player.stack });
    return null;
  }
  player.leaving = true;
  const p = playerAt(hand, seat)!;
  if (!p.folded && !p.allIn) {
    const outOfTurn = hand.toAct !== seat;
    p.folded = true;
    p.actedAtBet = hand.currentBet;
    events.push({
      type: "action_taken",
      seat,
      action: "fold",
      amount: 0,
      to: p.bet,
      allIn: false,
      timedOut: false,
      ...(outOfTurn ? { outOfTurn: true as const } : {}),
    });
    endHandIfDecided(state, hand, events);
  }
  return null;
}

/** A change of the player at a seat, given the action's unchecked value. */
type SeatChange = (
  state: TableState,
  seat: number,
  player: SeatedPlayer,
  value: unknown,
  events: TableEvent[],
) => { error: TableError } | null;

/** An action on an occupied seat: refused for a seat that is not the table's or is empty. */
function onOccupiedSeat(change: SeatChange) {
  return (state: TableState, seat: unknown, value: unknown, events: TableEvent[]) => {
    if (!isSeatOf(state, seat)) return tableError("poker/invalid_seat");
    const player = state.seats[seat];
    if (!player) return tableError("poker/seat_empty");
    return change(state, seat, player, value, events);
  };
}

/** Sits out from the next hand on, or comes back. */
export const setSittingOut = onOccupiedSeat((_state, seat, player, sittingOut, events) => {
  if (typeof sittingOut !== "boolean") return tableError("poker/unknown_action");
  player.sittingOut = sittingOut;
  events.push({ type: "sitting_out_changed", seat, sittingOut });
  return null;
});

/** Adds chips to a seated stack while the player is not in a hand. */
export const addChips = onOccupiedSeat((state, seat, player, amount, events) => {
  if (!isChipAmount(amount)) return tableError("poker/invalid_amount");
  if (isInLiveHand(state, seat)) return tableError("poker/hand_in_progress");
  player.stack += amount;
  events.push({ type: "chips_added", seat, amount, stack: player.stack });
  return null;
});

/**
 * The No-Limit Hold'em table as one pure reducer: (state, action) -> { state, events } | { error }.
 * The state is plain JSON; randomness (the deck) and time (`now`) come in with the actions. A refused
 * action changes nothing. States share structure: an action works on a draft that copies only the
 * records it may change (the table, its seats, the hand and its players); the arrays it shares with
 * the previous state (config, deck, board, pots, cards, results) are replaced, never changed in place.
 */
import { applyBettingAction } from "./betting.ts";
import { tableError } from "./errors.ts";
import { advanceRunout } from "./hand-flow.ts";
import { addChips, isSeatOf, leaveSeat, setSittingOut, sitDown } from "./seating.ts";
import { startHand } from "./start-hand.ts";
import type { TableAction, TableConfig, TableError, TableEvent, TableResult, TableState } from "./types.ts";

/** Default rake (5%, at most 3 big blinds) and action time (30 s). */
export const DEFAULT_TABLE_RULES = {
  rakeBasisPoints: 500,
  rakeCapBigBlinds: 3,
  actionTimeoutMs: 30_000,
} as const;

/** An empty table; throws on a configuration no table should have (a programming error). */
export function createTable(
  config: Pick<TableConfig, "maxPlayers" | "smallBlind" | "bigBlind"> & Partial<TableConfig>,
): TableState {
  const full: TableConfig = { ...DEFAULT_TABLE_RULES, ...config };
  const whole = (x: number, min: number): boolean => Number.isSafeInteger(x) && x >= min;
  if (!whole(full.maxPlayers, 2) || full.maxPlayers > 9) throw new Error("maxPlayers must be 2..9");
  if (!whole(full.smallBlind, 1) || !whole(full.bigBlind, full.smallBlind))
    throw new Error("blinds must be 1 <= small <= big");
  if (!whole(full.rakeBasisPoints, 0) || full.rakeBasisPoints > 10_000 || !(full.rakeCapBigBlinds >= 0)) {
    throw new Error("bad rake settings");
  }
  if (full.ante !== undefined && !whole(full.ante, 0)) throw new Error("the ante must be whole chips");
  return {
    config: full,
    seats: Array.from({ length: full.maxPlayers }, () => null),
    phase: "waiting",
    handCount: 0,
    lastButtonSeat: null,
    lastSmallBlindSeat: null,
    lastBigBlindSeat: null,
    hand: null,
    rakeTotal: 0,
    version: 0,
  };
}

/** Applies one action to a table. */
export function applyTableAction(state: TableState, action: TableAction): TableResult {
  if (typeof action !== "object" || action === null) return tableError("poker/unknown_action");
  const draft = draftOf(state);
  const events: TableEvent[] = [];
  const refused = dispatch(draft, action, events);
  if (refused) return refused;
  draft.version = state.version + 1;
  setActionDeadline(state, draft, action);
  return { state: draft, events };
}

/** A copy of the table that an action may change in place: the shared arrays stay shared. */
function draftOf(state: TableState): TableState {
  const hand = state.hand;
  return {
    ...state,
    seats: state.seats.map((p) => (p ? { ...p } : null)),
    hand: hand ? { ...hand, players: hand.players.map((p) => ({ ...p })) } : null,
  };
}

function dispatch(
  state: TableState,
  action: TableAction,
  events: TableEvent[],
): { error: TableError } | null {
  switch (action.type) {
    case "sit":
      return sitDown(state, action, events);
    case "leave":
      return leaveSeat(state, action.seat, events);
    case "sit_out":
      return setSittingOut(state, action.seat, action.sittingOut, events);
    case "add_chips":
      return addChips(state, action.seat, action.amount, events);
    case "start_hand":
      return startHand(
        state,
        action.deck,
        typeof action.deckHash === "string" ? action.deckHash : undefined,
        events,
      );
    case "advance": {
      const hand = state.hand;
      if (!hand || hand.ended || !hand.runoutPending) return tableError("poker/nothing_to_advance");
      advanceRunout(state, hand, events);
      return null;
    }
    case "timeout": {
      const deadline = state.hand?.actionDeadline ?? null;
      if (deadline !== null && typeof action.now === "number" && action.now < deadline)
        return tableError("poker/not_timed_out");
      return bettingAction(state, action, events);
    }
    case "fold":
    case "check":
    case "call":
    case "all_in":
    case "bet":
    case "raise":
      return bettingAction(state, action, events);
    default:
      return tableError("poker/unknown_action");
  }
}

function bettingAction(
  state: TableState,
  action: Extract<TableAction, { seat: number }>,
  events: TableEvent[],
): { error: TableError } | null {
  if (!isSeatOf(state, action.seat)) return tableError("poker/invalid_seat");
  const amount = "amount" in action ? action.amount : undefined;
  return applyBettingAction(
    state,
    action.seat,
    action.type as Parameters<typeof applyBettingAction>[2],
    amount,
    events,
  );
}

/** The actions after which the turn is a new one (the betting moves, a timeout, a deal, a runout street). */
export const TURN_ENDING_ACTION_TYPES = [
  "fold",
  "check",
  "call",
  "bet",
  "raise",
  "all_in",
  "timeout",
  "advance",
  "start_hand",
] as const satisfies readonly TableAction["type"][];

const TURN_ENDING_ACTIONS = new Set<string>(TURN_ENDING_ACTION_TYPES);

/** A new turn gets a fresh deadline when the action carries the time; otherwise the deadline is unknown. */
function setActionDeadline(before: TableState, after: TableState, action: TableAction): void {
  const hand = after.hand;
  if (!hand) return;
  if (hand.ended || hand.toAct === null) {
    hand.actionDeadline = null;
    return;
  }
  const sameTurn =
    !TURN_ENDING_ACTIONS.has(action.type) &&
    before.hand?.handNumber === hand.handNumber &&
    before.hand.toAct === hand.toAct;
  if (sameTurn) return;
  const now = action.now;
  hand.actionDeadline =
    typeof now === "number" && Number.isFinite(now) ? now + after.config.actionTimeoutMs : null;
}

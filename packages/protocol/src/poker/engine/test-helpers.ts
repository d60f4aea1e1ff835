/** Small builders for engine tests: named cards, seated tables, rigged decks, and checked actions. */

import { chooseHandPositions } from "./positions.ts";
import { applyTableAction, createTable } from "./reducer.ts";
import { seatsAfter } from "./seats.ts";
import type { TableAction, TableConfig, TableEvent, TableState } from "./types.ts";

const RANK_CHARS = "23456789TJQKA";
const SUIT_CHARS = "dhsc";

/** A card index from its short name, e.g. "As", "Td", "2c". */
export function card(name: string): number {
  const rank = RANK_CHARS.indexOf(name[0] ?? "");
  const suit = SUIT_CHARS.indexOf(name[1] ?? "");
  if (rank < 0 || suit < 0 || name.length !== 2) throw new Error(`bad card name ${name}`);
  return rank * 4 + suit;
}

/** Card indexes from space-separated short names. */
export function cards(names: string): number[] {
  return names.split(" ").filter(Boolean).map(card);
}

/** A table with players seated at the given seats (stack per seat), named p<seat>. */
export function makeTable(stacks: Record<number, number>, config: Partial<TableConfig> = {}): TableState {
  let state = createTable({ maxPlayers: 6, smallBlind: 5, bigBlind: 10, ...config });
  for (const [seat, stack] of Object.entries(stacks)) {
    state = act(state, {
      type: "sit",
      seat: Number(seat),
      playerId: `id${seat}`,
      name: `p${seat}`,
      stack,
    }).state;
  }
  return state;
}

/** Applies an action that must succeed. */
export function act(state: TableState, action: TableAction): { state: TableState; events: TableEvent[] } {
  const result = applyTableAction(state, action);
  if ("error" in result)
    throw new Error(`${action.type} refused: ${result.error.code} ${result.error.message}`);
  return result;
}

/** Applies several actions that must all succeed, returning the last state and all events. */
export function actAll(
  state: TableState,
  actions: TableAction[],
): { state: TableState; events: TableEvent[] } {
  let current = state;
  const events: TableEvent[] = [];
  for (const action of actions) {
    const result = act(current, action);
    current = result.state;
    events.push(...result.events);
  }
  return { state: current, events };
}

const SEAT_MOVES = ["fold", "check", "call", "all_in", "timeout", "leave"] as const;

/**
 * Seat actions written as a comma-separated script, e.g. "raise 0 30, call 1, fold 2, advance":
 * the action type, then the seat, then the amount for bet and raise ("raise to").
 */
export function moves(script: string): TableAction[] {
  return script.split(",").map((step) => {
    const [type = "", ...numbers] = step.trim().split(/\s+/);
    const [seat = Number.NaN, amount = Number.NaN] = numbers.map(Number);
    const seatMove = SEAT_MOVES.find((m) => m === type);
    if (type === "advance" && numbers.length === 0) return { type };
    if (seatMove && numbers.length === 1 && Number.isInteger(seat)) return { type: seatMove, seat };
    if ((type === "bet" || type === "raise") && numbers.length === 2 && Number.isInteger(seat + amount))
      return { type, seat, amount };
    throw new Error(`bad move "${step}"`);
  });
}

/** The code of a refused action (throws if it was accepted). */
export function refusal(state: TableState, action: TableAction): string {
  const result = applyTableAction(state, action);
  if (!("error" in result)) throw new Error(`${action.type} was accepted`);
  return result.error.code;
}

/**
 * A deck that deals the given hole cards (by seat) and board for the next hand: hole cards go one
 * at a time from the first seat left of the button, then a burn card before each street.
 */
export function riggedDeck(state: TableState, hole: Record<number, string>, board: string): number[] {
  const positions = chooseHandPositions(state);
  if (!positions) throw new Error("no hand can start");
  const order = seatsAfter(positions.buttonSeat, state.config.maxPlayers).filter((s) =>
    positions.dealtIn.includes(s),
  );
  const holeCards = new Map(order.map((s) => [s, hole[s] ? cards(hole[s]) : [-1, -1]]));
  const boardCards = cards(board);
  const used = new Set([...[...holeCards.values()].flat(), ...boardCards].filter((c) => c >= 0));
  const spare = Array.from({ length: 52 }, (_, i) => i).filter((c) => !used.has(c));
  const take = (c: number): number => (c >= 0 ? c : spare.shift()!);
  const deck: number[] = [];
  for (let round = 0; round < 2; round++) for (const s of order) deck.push(take(holeCards.get(s)![round]!));
  const streets = [boardCards.slice(0, 3), boardCards.slice(3, 4), boardCards.slice(4, 5)];
  for (const street of streets) {
    deck.push(spare.shift()!);
    for (let i = 0; i < (street === streets[0] ? 3 : 1); i++) deck.push(take(street[i] ?? -1));
  }
  deck.push(...spare);
  return deck;
}

/** Every chip on the table: stacks, bets, pots and rake taken. */
export function chipsOnTable(state: TableState): number {
  const stacks = state.seats.reduce((s, p) => s + (p?.stack ?? 0), 0);
  const hand = state.hand;
  const inPlay = hand
    ? hand.players.reduce((s, p) => s + p.bet, 0) + hand.pots.reduce((s, p) => s + p.amount, 0)
    : 0;
  return stacks + inPlay + state.rakeTotal;
}

/** Net chips brought to the table by events: sits and top-ups in, departures out. */
export function chipsBroughtBy(events: readonly TableEvent[]): number {
  return events.reduce((sum, e) => {
    if (e.type === "player_sat") return sum + e.stack;
    if (e.type === "chips_added") return sum + e.amount;
    if (e.type === "player_left") return sum - e.stack;
    return sum;
  }, 0);
}

/** Everyone to act folds until the hand ends (the last player standing wins). */
export function foldAround(state: TableState): TableState {
  let current = state;
  while (current.hand && !current.hand.ended && current.hand.toAct !== null) {
    current = act(current, { type: "fold", seat: current.hand.toAct }).state;
  }
  return current;
}

/** Calls or checks for whoever is to act until the round changes street or the hand ends. */
export function callAround(state: TableState, times: number): TableState {
  let current = state;
  for (let i = 0; i < times; i++) {
    const hand = current.hand;
    if (!hand || hand.ended || hand.toAct === null) break;
    const seat = hand.toAct;
    const p = hand.players.find((x) => x.seat === seat)!;
    current = act(current, p.bet < hand.currentBet ? { type: "call", seat } : { type: "check", seat }).state;
  }
  return current;
}

/** Starts the next hand with a deck rigged to these hole cards and board. */
export function startRigged(
  state: TableState,
  hole: Record<number, string>,
  board: string,
): { state: TableState; events: TableEvent[] } {
  return act(state, { type: "start_hand", deck: riggedDeck(state, hole, board) });
}

/** Starts the next hand with an ordered (unshuffled) deck. */
export function startPlain(state: TableState): TableState {
  return act(state, { type: "start_hand", deck: Array.from({ length: 52 }, (_, i) => i) }).state;
}

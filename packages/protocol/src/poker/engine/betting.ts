/**
 * Betting actions in turn and what a seat may do now. Bets and raises name the player's total for
 * the round ("raise to"). A raise must add at least the last full bet or raise (TDA 43) unless it is
 * all-in; an all-in that adds less does not reopen betting for players who already acted, but
 * several that add up to a full raise do (TDA 47). Nobody may bet or raise when no other player
 * still in could call more than the current bet; an all-in there is a call.
 */
import type { z } from "zod";
import type { legalActionsSchema } from "../../schemas/poker-view.ts";
import { tableError } from "./errors.ts";
import { playerAt, progressHand } from "./hand-flow.ts";
import type {
  BettingActionType,
  HandPlayer,
  HandState,
  TableError,
  TableEvent,
  TableState,
} from "./types.ts";

/** What a seat may do now: drives the action buttons and the bots (the wire schema's shape). */
export type LegalActions = z.infer<typeof legalActionsSchema>;

/** Chips in the middle: collected pots plus this round's bets. */
export function potTotal(hand: HandState): number {
  return hand.pots.reduce((s, p) => s + p.amount, 0) + hand.players.reduce((s, p) => s + p.bet, 0);
}

/** Whether this player may raise: not yet acted this round, or reopened by a full raise's worth since (TDA 47). */
function isRaiseReopened(hand: HandState, p: HandPlayer): boolean {
  return p.actedAtBet === null || hand.currentBet - p.actedAtBet >= hand.lastFullRaise;
}

/**
 * Whether another player still in could put in more than the current bet. If not (everyone else is
 * all-in or has no more chips than the bet), a bet or raise could never be called.
 */
function raiseCanBeCalled(state: TableState, hand: HandState, p: HandPlayer): boolean {
  return hand.players.some(
    (o) => o !== p && !o.folded && !o.allIn && o.bet + (state.seats[o.seat]?.stack ?? 0) > hand.currentBet,
  );
}

/** The moves of a seat whose turn it is not (seat -1: nobody's turn): every move false, amounts 0. */
export function noLegalActions(
  seat: number,
  chips?: Pick<LegalActions, "stack" | "bet" | "currentBet" | "pot">,
): LegalActions {
  return {
    seat,
    isTurn: false,
    canFold: false,
    canCheck: false,
    canCall: false,
    callAmount: 0,
    canBet: false,
    canRaise: false,
    minRaiseTo: 0,
    maxRaiseTo: 0,
    canAllIn: false,
    ...(chips ?? { stack: 0, bet: 0, currentBet: 0, pot: 0 }),
  };
}

/** The legal moves of a seat right now. */
export function legalActions(state: TableState, seat: number): LegalActions {
  const hand = state.hand;
  const stack = state.seats[seat]?.stack ?? 0;
  const p = hand ? playerAt(hand, seat) : undefined;
  const none = noLegalActions(seat, {
    stack,
    bet: p?.bet ?? 0,
    currentBet: hand?.currentBet ?? 0,
    pot: hand && !hand.ended ? potTotal(hand) : 0,
  });
  if (!hand || hand.ended || hand.toAct !== seat || !p) return none;
  const callAmount = Math.min(Math.max(0, hand.currentBet - p.bet), stack);
  const allInTo = p.bet + stack;
  const raiseAllowed =
    allInTo > hand.currentBet && raiseCanBeCalled(state, hand, p) && isRaiseReopened(hand, p);
  return {
    ...none,
    isTurn: true,
    canFold: true,
    canCheck: p.bet >= hand.currentBet,
    canCall: callAmount > 0,
    callAmount,
    canBet: raiseAllowed && hand.currentBet === 0,
    canRaise: raiseAllowed && hand.currentBet > 0,
    minRaiseTo: raiseAllowed ? Math.min(hand.currentBet + hand.lastFullRaise, allInTo) : 0,
    maxRaiseTo: raiseAllowed ? allInTo : 0,
    canAllIn: stack > 0 && (allInTo <= hand.currentBet || raiseAllowed),
  };
}

/** Moves chips from a player's stack into their bet. */
function pay(state: TableState, p: HandPlayer, amount: number): void {
  const seated = state.seats[p.seat]!;
  seated.stack -= amount;
  p.bet += amount;
  p.committed += amount;
  if (seated.stack === 0) p.allIn = true;
}

/** Applies a betting action of the seat to act; returns an error value and changes nothing if illegal. */
export function applyBettingAction(
  state: TableState,
  seat: number,
  type: BettingActionType,
  amount: number | undefined,
  events: TableEvent[],
): { error: TableError } | null {
  const hand = state.hand;
  if (!hand || hand.ended) return tableError("poker/no_hand");
  const p = playerAt(hand, seat);
  if (hand.toAct !== seat || !p) return tableError("poker/not_your_turn");
  const legal = legalActions(state, seat);
  const timedOut = type === "timeout";
  const callable = raiseCanBeCalled(state, hand, p);
  const allInCalls =
    type === "all_in" && legal.canCall && (legal.stack + p.bet <= hand.currentBet || !callable);
  const notAllowed = callable ? "poker/raise_not_allowed" : "poker/raise_cannot_be_called";
  const act = timedOut ? (legal.canCheck ? "check" : "fold") : allInCalls ? "call" : type;
  const record = (action: "fold" | "check" | "call" | "bet" | "raise", added: number): void => {
    events.push({ type: "action_taken", seat, action, amount: added, to: p.bet, allIn: p.allIn, timedOut });
  };
  switch (act) {
    case "fold":
      p.folded = true;
      p.actedAtBet = hand.currentBet;
      record("fold", 0);
      break;
    case "check":
      if (!legal.canCheck) return tableError("poker/cannot_check");
      p.actedAtBet = hand.currentBet;
      record("check", 0);
      break;
    case "call":
      if (!legal.canCall) return tableError("poker/nothing_to_call");
      pay(state, p, legal.callAmount);
      p.actedAtBet = hand.currentBet;
      record("call", legal.callAmount);
      break;
    case "all_in":
    case "bet":
    case "raise": {
      if (act === "all_in" && !legal.canAllIn) return tableError(notAllowed);
      const refused = raiseTo(hand, p, act === "all_in" ? legal.maxRaiseTo : amount, legal, notAllowed);
      if (refused) return refused;
      pay(state, p, hand.currentBet - p.bet);
      record(legal.currentBet === 0 ? "bet" : "raise", p.bet - legal.bet);
      break;
    }
    default:
      return tableError("poker/unknown_action");
  }
  progressHand(state, hand, seat, events);
  return null;
}

/**
 * Validates a bet or raise to a total for the round and moves the betting level; the caller moves
 * the chips (to `actedAtBet`, set here to the new level).
 */
function raiseTo(
  hand: HandState,
  p: HandPlayer,
  to: number | undefined,
  legal: LegalActions,
  notAllowed: "poker/raise_not_allowed" | "poker/raise_cannot_be_called",
): { error: TableError } | null {
  if (typeof to !== "number" || !Number.isSafeInteger(to) || to <= 0)
    return tableError("poker/invalid_amount");
  if (to > p.bet + legal.stack) return tableError("poker/above_stack");
  if (!legal.canBet && !legal.canRaise) return tableError(notAllowed);
  if (to < legal.minRaiseTo)
    return tableError("poker/below_min_raise", `The minimum is ${legal.minRaiseTo}.`);
  const increment = to - hand.currentBet;
  if (increment >= hand.lastFullRaise) hand.lastFullRaise = increment;
  hand.currentBet = to;
  hand.lastAggressor = p.seat;
  p.actedAtBet = to;
  return null;
}

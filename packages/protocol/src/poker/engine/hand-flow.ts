/**
 * The course of a hand on a mutable draft of the table (the reducer copies the table, seats, hand
 * and players first; shared arrays are replaced, never changed in place): dealing, who acts
 * next, closing betting rounds, all-in runouts street by street, and the end of the hand.
 */

import { computePots, computeRake, returnUncalledBet, takeRakeFromPots } from "./pots.ts";
import { awardPots, showHandsAtShowdown } from "./showdown.ts";
import type { HandPlayer, HandState, TableEvent, TableState } from "./types.ts";

/** Players still contesting the pot. */
export function livePlayers(hand: HandState): HandPlayer[] {
  return hand.players.filter((p) => !p.folded);
}

/** Players who can still bet (in the hand and not all-in). */
export function activePlayers(hand: HandState): HandPlayer[] {
  return hand.players.filter((p) => !p.folded && !p.allIn);
}

/** The dealt-in player at a seat, if any. */
export function playerAt(hand: HandState, seat: number): HandPlayer | undefined {
  return hand.players.find((p) => p.seat === seat);
}

/** Whether a player still owes an action this round: not acted yet, or facing a bigger bet. */
export function needsToAct(hand: HandState, p: HandPlayer): boolean {
  if (p.folded || p.allIn) return false;
  // Counted in one pass (this runs for every seat after every action): players who can still
  // bet, and the highest bet of the others still in.
  let active = 0;
  let highestOther = 0;
  for (const o of hand.players) {
    if (o.folded) continue;
    if (!o.allIn) active++;
    if (o !== p && o.bet > highestOther) highestOther = o.bet;
  }
  // Alone against all-in players, a player only acts when facing chips to call.
  if (active === 1) return p.bet < highestOther;
  return p.actedAtBet === null || p.bet < hand.currentBet;
}

/** The next seat after `from` (clockwise, `from` itself last) that owes an action, or null when the round is over. */
export function nextToAct(state: TableState, hand: HandState, from: number): number | null {
  const seatCount = state.config.maxPlayers;
  for (let step = 1; step <= seatCount; step++) {
    const seat = (from + step) % seatCount;
    const p = playerAt(hand, seat);
    if (p && needsToAct(hand, p)) return seat;
  }
  return null;
}

/** Deals the next street from the deck (one burn card first) and opens its betting round. */
export function dealNextStreet(state: TableState, hand: HandState, events: TableEvent[]): void {
  const street = hand.board.length === 0 ? "flop" : hand.board.length === 3 ? "turn" : "river";
  const count = street === "flop" ? 3 : 1;
  // One burn card, then the street; the deck and board are replaced (earlier states share them).
  const cards = hand.deck.slice(1, 1 + count);
  hand.deck = hand.deck.slice(1 + count);
  hand.board = [...hand.board, ...cards];
  hand.street = street;
  state.phase = street;
  hand.currentBet = 0;
  hand.lastFullRaise = state.config.bigBlind;
  hand.lastAggressor = null;
  for (const p of hand.players) p.actedAtBet = null;
  events.push({ type: "street_dealt", street, cards, board: [...hand.board] });
}

/** Moves the hand on after a change: next player, next street, runout, showdown, or a win by folds. */
export function progressHand(state: TableState, hand: HandState, from: number, events: TableEvent[]): void {
  if (livePlayers(hand).length === 1) {
    endHand(state, hand, events);
    return;
  }
  const next = nextToAct(state, hand, from);
  if (next !== null) {
    hand.toAct = next;
    return;
  }
  closeBettingRound(state, hand, events);
}

/** After an out-of-turn fold: ends the hand if one player is left, or moves on if the player to act no longer needs to. */
export function endHandIfDecided(state: TableState, hand: HandState, events: TableEvent[]): void {
  if (livePlayers(hand).length === 1) {
    endHand(state, hand, events);
    return;
  }
  const current = hand.toAct === null ? undefined : playerAt(hand, hand.toAct);
  if (current && !needsToAct(hand, current)) progressHand(state, hand, current.seat, events);
}

/** Ends a betting round: returns the uncalled bet, gathers bets into pots, then deals on or shows down. */
function closeBettingRound(state: TableState, hand: HandState, events: TableEvent[]): void {
  hand.toAct = null;
  collectBets(hand, events, state);
  if (hand.street === "river") {
    endHand(state, hand, events);
    return;
  }
  if (activePlayers(hand).length >= 2) {
    dealNextStreet(state, hand, events);
    const first = nextToAct(state, hand, hand.buttonSeat);
    if (first === null) closeBettingRound(state, hand, events);
    else hand.toAct = first;
    return;
  }
  // Everyone but at most one player is all-in: hands are turned face up and the board is run out.
  for (const p of livePlayers(hand)) {
    if (!p.shown) {
      p.shown = true;
      events.push({ type: "hand_shown", seat: p.seat, cards: [...p.holeCards], handName: null });
    }
  }
  hand.runoutPending = true;
}

/** Deals one street of an all-in runout; after the river the hand is shown down. */
export function advanceRunout(state: TableState, hand: HandState, events: TableEvent[]): void {
  dealNextStreet(state, hand, events);
  if (hand.street === "river") {
    hand.runoutPending = false;
    endHand(state, hand, events);
  }
}

function collectBets(hand: HandState, events: TableEvent[], state: TableState): void {
  returnUncalled(state, hand, events);
  for (const p of hand.players) p.bet = 0;
  hand.pots = computePots(hand.players);
  hand.currentBet = 0;
}

function returnUncalled(state: TableState, hand: HandState, events: TableEvent[]): void {
  const uncalled = returnUncalledBet(hand.players);
  if (!uncalled) return;
  state.seats[uncalled.seat]!.stack += uncalled.amount;
  events.push({ type: "uncalled_bet_returned", ...uncalled });
}

/** Ends the hand: rake, pots awarded (by showdown or to the last player), stacks paid, seats tidied. */
function endHand(state: TableState, hand: HandState, events: TableEvent[]): void {
  hand.toAct = null;
  hand.runoutPending = false;
  hand.actionDeadline = null;
  collectBets(hand, events, state);
  const totalPot = hand.pots.reduce((sum, pot) => sum + pot.amount, 0);
  const rake = computeRake(totalPot, hand.board.length >= 3, state.config);
  if (rake > 0) {
    takeRakeFromPots(hand.pots, rake);
    hand.rake = rake;
    state.rakeTotal += rake;
    events.push({ type: "rake_taken", amount: rake });
  }
  const showdown = livePlayers(hand).length > 1;
  if (showdown) {
    hand.street = "showdown";
    state.phase = "showdown";
    showHandsAtShowdown(state, hand, events);
  }
  hand.results = awardPots(state, hand, showdown, events);
  for (const shares of hand.results) {
    for (const share of shares) state.seats[share.seat]!.stack += share.amount;
  }
  hand.pots = [];
  hand.ended = true;
  events.push({ type: "hand_ended", handNumber: hand.handNumber, board: [...hand.board], totalPot, rake });
  tidySeatsAfterHand(state, events);
}

/** Between hands: busted players and players who asked to leave give up their seats. */
export function tidySeatsAfterHand(state: TableState, events: TableEvent[]): void {
  state.phase = "waiting";
  state.seats.forEach((player, seat) => {
    if (!player) return;
    if (player.leaving) {
      events.push({ type: "player_left", seat, playerId: player.playerId, stack: player.stack });
      state.seats[seat] = null;
    } else if (player.stack === 0) {
      events.push({ type: "player_busted", seat, playerId: player.playerId });
      state.seats[seat] = null;
    }
  });
}

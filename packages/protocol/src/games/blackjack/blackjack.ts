/**
 * Galaxy Blackjack as a pure reducer over a plain-JSON round state (DESIGN.md section 5): unlimited
 * deck, dealer stands on soft 17 and peeks under an ace or ten, blackjack pays 3:2, double on any
 * first two cards, one split of equal ranks with double after split, split aces take one card each,
 * 21 after a split is not a blackjack. One stream (one nonce) feeds the whole round; the state keeps
 * how many floats it has read so a restarted server resumes with createFloatStream(..., position).
 */
import { type CardIndex, cardFromFloat } from "../../fair/cards.ts";
import type { FloatStream } from "../../fair/stream.ts";
import { payout } from "../../money/money.ts";
import { cardPoints, handTotal, isAce, isNatural, isPair } from "./hand.ts";

/** The player's moves. */
export const BLACKJACK_ACTIONS = ["hit", "stand", "double", "split"] as const;
export type BlackjackAction = (typeof BLACKJACK_ACTIONS)[number];

/** How a hand ended, as SPEC.md names the results. */
export type BlackjackHandResult = "blackjack" | "win" | "push" | "lose" | "bust";

/** What a natural pays, stake included (3:2). */
export const BLACKJACK_NATURAL_MULTIPLIER = 2.5;

/** What any other winning hand pays, stake included (1:1). */
export const BLACKJACK_WIN_MULTIPLIER = 2;

/** Most a round can return in multiples of the original bet: two doubled split hands that both win. */
export const BLACKJACK_MAX_RETURN_MULTIPLIER = 8;

/** The dealer draws to this total and stands on all 17s, soft ones too. */
export const DEALER_STANDS_ON = 17;

/** One player hand (two after a split). */
export interface BlackjackHand {
  cards: CardIndex[];
  stake: number; // micro-units riding on this hand (doubles included)
  doubled: boolean;
  fromSplit: boolean;
  done: boolean; // no more actions on this hand
  result: BlackjackHandResult | null; // set when the round settles
  win: number; // gross credit for this hand, micro-units
}

/** The whole round, plain JSON so the server can store and resume it. */
export interface BlackjackState {
  stake: number; // the original bet
  hands: BlackjackHand[];
  activeHand: number; // index of the hand being played
  dealer: CardIndex[]; // [up card, hole card, draws...]
  phase: "player" | "settled";
  position: number; // floats read from the round's stream so far
  totalStake: number; // original bet plus doubles and the split
  totalWin: number; // gross credit of the round once settled
}

/** Expected failures of an action, as namespaced codes. */
export type BlackjackError = "blackjack/round_over" | "blackjack/illegal_action";

/** What an accepted action returns: the new state, the extra stake to debit, the cards it drew. */
export interface BlackjackStep {
  state: BlackjackState;
  additionalStake: number;
  drawn: CardIndex[];
}

/** Which actions the current hand allows (the UI shows only these; the reducer enforces them). */
export interface BlackjackLegalActions {
  hit: boolean;
  stand: boolean;
  double: boolean;
  split: boolean;
}

/** Draws one card from the round's stream (unlimited deck). */
function draw(stream: FloatStream): CardIndex {
  return cardFromFloat(stream.next());
}

/** Whether the dealer's up card makes it peek for a natural (an ace or a ten-point card). */
export function dealerPeeks(upCard: CardIndex): boolean {
  return isAce(upCard) || cardPoints(upCard) === 10;
}

/** A fresh hand holding `cards`. */
function newHand(cards: CardIndex[], stake: number, fromSplit: boolean): BlackjackHand {
  return { cards, stake, doubled: false, fromSplit, done: false, result: null, win: 0 };
}

/** Deals a round: player, dealer up, player, dealer hole; settles at once on a natural or a peeked one. */
export function startBlackjack(stake: number, stream: FloatStream): BlackjackState {
  const first = draw(stream);
  const up = draw(stream);
  const second = draw(stream);
  const hole = draw(stream);
  const state: BlackjackState = {
    stake,
    hands: [newHand([first, second], stake, false)],
    activeHand: 0,
    dealer: [up, hole],
    phase: "player",
    position: stream.position,
    totalStake: stake,
    totalWin: 0,
  };
  const dealerNatural = dealerPeeks(up) && isNatural(state.dealer);
  if (dealerNatural || isNatural(state.hands[0]!.cards)) return settle(state);
  return state;
}

/** The actions the active hand allows now. */
export function blackjackLegalActions(state: BlackjackState): BlackjackLegalActions {
  const hand = state.hands[state.activeHand];
  if (state.phase !== "player" || !hand || hand.done)
    return { hit: false, stand: false, double: false, split: false };
  const total = handTotal(hand.cards).total;
  const firstTwo = hand.cards.length === 2 && !hand.doubled;
  return {
    hit: total < 21,
    stand: true,
    double: firstTwo && total < 21,
    split: firstTwo && state.hands.length === 1 && isPair(hand.cards),
  };
}

/**
 * Applies one player action. Returns the next state with the extra stake the ledger must debit
 * (double and split), or an error value when the round is over or the action is not allowed.
 */
export function applyBlackjackAction(
  state: BlackjackState,
  action: BlackjackAction,
  stream: FloatStream,
): BlackjackStep | { error: BlackjackError } {
  if (state.phase !== "player") return { error: "blackjack/round_over" };
  if (!blackjackLegalActions(state)[action]) return { error: "blackjack/illegal_action" };
  if (stream.position !== state.position) {
    throw new Error(`blackjack stream at ${stream.position}, round state at ${state.position}`);
  }
  const next = copyState(state);
  const hand = next.hands[next.activeHand]!;
  const drawn: CardIndex[] = [];
  let additionalStake = 0;
  const take = (target: BlackjackHand): void => {
    const card = draw(stream);
    target.cards.push(card);
    drawn.push(card);
  };
  if (action === "hit") {
    take(hand);
    if (handTotal(hand.cards).total > 21) hand.done = true;
  } else if (action === "stand") {
    hand.done = true;
  } else if (action === "double") {
    additionalStake = hand.stake;
    hand.stake += additionalStake;
    hand.doubled = true;
    take(hand);
    hand.done = true;
  } else {
    additionalStake = hand.stake;
    const [left, right] = hand.cards as [CardIndex, CardIndex];
    const splitAces = isAce(left);
    next.hands = [newHand([left], hand.stake, true), newHand([right], hand.stake, true)];
    for (const split of next.hands) {
      take(split);
      split.done = splitAces;
    }
  }
  next.totalStake += additionalStake;
  next.position = stream.position;
  return { state: advance(next, stream), additionalStake, drawn };
}

/** A deep copy of a round (the reducer never mutates its input). */
function copyState(state: BlackjackState): BlackjackState {
  return {
    ...state,
    dealer: [...state.dealer],
    hands: state.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
  };
}

/** Moves to the next unfinished hand, or plays the dealer and settles when none is left. */
function advance(state: BlackjackState, stream: FloatStream): BlackjackState {
  const nextHand = state.hands.findIndex((hand) => !hand.done);
  if (nextHand >= 0) {
    state.activeHand = nextHand;
    return state;
  }
  if (state.hands.some((hand) => handTotal(hand.cards).total <= 21)) {
    while (handTotal(state.dealer).total < DEALER_STANDS_ON) state.dealer.push(draw(stream));
    state.position = stream.position;
  }
  return settle(state);
}

/** Results and payouts of every hand against the dealer's final cards. */
function settle(state: BlackjackState): BlackjackState {
  const dealerTotal = handTotal(state.dealer).total;
  const dealerNatural = isNatural(state.dealer);
  for (const hand of state.hands) {
    hand.done = true;
    hand.result = handResult(hand, dealerTotal, dealerNatural);
    hand.win = handWin(hand);
  }
  state.phase = "settled";
  state.totalWin = state.hands.reduce((sum, hand) => sum + hand.win, 0);
  return state;
}

/** One hand against the dealer: bust, natural, then totals (a dealer bust pays every standing hand). */
function handResult(hand: BlackjackHand, dealerTotal: number, dealerNatural: boolean): BlackjackHandResult {
  const total = handTotal(hand.cards).total;
  if (total > 21) return "bust";
  const natural = !hand.fromSplit && isNatural(hand.cards);
  if (natural) return dealerNatural ? "push" : "blackjack";
  if (dealerNatural) return "lose";
  if (dealerTotal > 21 || total > dealerTotal) return "win";
  return total === dealerTotal ? "push" : "lose";
}

/** Gross credit of a settled hand, rounded down to the unit. */
function handWin(hand: BlackjackHand): number {
  if (hand.result === "blackjack") return payout(hand.stake, BLACKJACK_NATURAL_MULTIPLIER);
  if (hand.result === "win") return payout(hand.stake, BLACKJACK_WIN_MULTIPLIER);
  if (hand.result === "push") return hand.stake;
  return 0;
}

/**
 * Settles a round its player abandoned (the server's timeout): every remaining hand stands. Returns
 * the stands it applied, which the round record lists with the player's own actions.
 */
export function standAbandonedBlackjack(
  state: BlackjackState,
  stream: FloatStream,
): { state: BlackjackState; actions: BlackjackAction[] } {
  let current = state;
  const actions: BlackjackAction[] = [];
  while (current.phase === "player") {
    const step = applyBlackjackAction(current, "stand", stream);
    if ("error" in step) break;
    current = step.state;
    actions.push("stand");
  }
  return { state: current, actions };
}

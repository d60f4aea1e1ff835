/** A blackjack round as every answer shows it: the player's view (hole card hidden while playing) in coins. */
import {
  type BlackjackPlayerView,
  type BlackjackResult,
  type BlackjackRoundResult,
  type BlackjackState,
  blackjackPlayerView,
} from "@casino/protocol";
import type { Balances } from "../ledger/ledger.ts";
import type { RoundRecord } from "../rounds/types.ts";
import { type Accepted, roundBody, toCoins } from "./replies.ts";

/** The result line of a finished hand (SPEC.md section 8's result messages). */
const RESULT_MESSAGES: Record<Exclude<BlackjackRoundResult, "playing">, string> = {
  blackjack: "Blackjack! You win",
  win: "You win!",
  push: "Push! Bet returned",
  lose: "Dealer wins",
  bust: "Bust! You lose",
};

/** The player's view of a round with amounts in coins. */
export function viewBlackjack(state: BlackjackState) {
  const view: BlackjackPlayerView = blackjackPlayerView(state);
  return {
    phase: view.phase,
    playerCards: view.playerCards,
    playerTotal: view.playerTotal,
    dealerCards: view.dealerCards,
    dealerTotal: view.dealerTotal,
    hands: view.hands.map((hand) => ({
      cards: hand.cards,
      total: hand.total,
      soft: hand.soft,
      betAmount: toCoins(hand.stake),
      doubled: hand.doubled,
      result: hand.result,
      winAmount: toCoins(hand.win),
    })),
    activeHand: view.activeHand,
    result: view.result,
    winAmount: toCoins(view.winAmount),
    betAmount: toCoins(view.totalStake),
    legal: view.legal,
    message: view.result === "playing" ? null : RESULT_MESSAGES[view.result],
  };
}

/** A blackjack answer: the view of the round's state, the round to verify and the balances. */
export function blackjackBody(round: RoundRecord, balances: Balances): Accepted<BlackjackResult> {
  return roundBody(viewBlackjack(round.state as BlackjackState), round, balances);
}

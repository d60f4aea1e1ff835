/**
 * What a blackjack player may see: the dealer's hole card stays hidden until the round settles, and
 * the legal actions come from the rules so the screen never judges them itself.
 */
import { type CardFace, cardFace } from "../../fair/cards.ts";
import {
  type BlackjackHandResult,
  type BlackjackLegalActions,
  type BlackjackState,
  blackjackLegalActions,
} from "./blackjack.ts";
import { handTotal } from "./hand.ts";

/** A face-down card as SPEC.md sends it. */
export interface HiddenCard {
  suit: "hidden";
  rank: "hidden";
}

/** The round-level result of SPEC.md's deal and stand responses. */
export type BlackjackRoundResult = "playing" | BlackjackHandResult;

/** One hand as the player sees it. */
export interface BlackjackHandView {
  cards: CardFace[];
  total: number;
  soft: boolean;
  stake: number;
  doubled: boolean;
  result: BlackjackHandResult | null;
  win: number;
}

/** The round as the player sees it. */
export interface BlackjackPlayerView {
  phase: BlackjackState["phase"];
  dealerCards: (CardFace | HiddenCard)[];
  dealerTotal: number; // of the visible dealer cards only
  hands: BlackjackHandView[];
  activeHand: number;
  playerCards: CardFace[]; // the first hand, for SPEC.md's playerCards field
  playerTotal: number;
  result: BlackjackRoundResult;
  totalStake: number;
  winAmount: number; // gross credit of the round, micro-units, 0 until settled
  legal: BlackjackLegalActions;
}

/** The hidden card placeholder. */
export const HIDDEN_CARD: HiddenCard = { suit: "hidden", rank: "hidden" };

/**
 * The round's result for SPEC.md: "playing" until settled; one hand reports its own result; after a
 * split, "bust" if both busted, else win, push or lose by what the round paid against what it cost.
 */
export function blackjackRoundResult(state: BlackjackState): BlackjackRoundResult {
  if (state.phase !== "settled") return "playing";
  const [only] = state.hands;
  if (state.hands.length === 1 && only?.result) return only.result;
  if (state.hands.every((hand) => hand.result === "bust")) return "bust";
  if (state.totalWin > state.totalStake) return "win";
  return state.totalWin === state.totalStake ? "push" : "lose";
}

/** The player's view of a round: hole card hidden while the player is still acting. */
export function blackjackPlayerView(state: BlackjackState): BlackjackPlayerView {
  const settled = state.phase === "settled";
  const visibleDealer = settled ? state.dealer : state.dealer.slice(0, 1);
  const hands = state.hands.map((hand) => {
    const { total, soft } = handTotal(hand.cards);
    return {
      cards: hand.cards.map(cardFace),
      total,
      soft,
      stake: hand.stake,
      doubled: hand.doubled,
      result: hand.result,
      win: hand.win,
    };
  });
  const first = hands[0]!;
  return {
    phase: state.phase,
    dealerCards: settled ? state.dealer.map(cardFace) : [cardFace(state.dealer[0]!), HIDDEN_CARD],
    dealerTotal: handTotal(visibleDealer).total,
    hands,
    activeHand: state.activeHand,
    playerCards: first.cards,
    playerTotal: first.total,
    result: blackjackRoundResult(state),
    totalStake: state.totalStake,
    winAmount: settled ? state.totalWin : 0,
    legal: blackjackLegalActions(state),
  };
}

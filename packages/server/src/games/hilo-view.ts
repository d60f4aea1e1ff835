/** A hi-lo round as every answer shows it: current card, streak, multipliers for HIGHER and LOWER, in coins. */
import { type HiloOption, type HiloResult, type HiloState, hiloCard, hiloQuote } from "@casino/protocol";
import type { Balances } from "../ledger/ledger.ts";
import type { RoundRecord } from "../rounds/types.ts";
import { type Accepted, roundBody, toCoins } from "./replies.ts";

/** A guess's chance and what it would pay, or null when it cannot win. */
function viewOption(option: HiloOption | null) {
  return option ? { probability: option.probability, multiplier: option.multiplier } : null;
}

/** The player's view of a hi-lo round. */
export function viewHilo(state: HiloState) {
  const quote = hiloQuote(state);
  const cards = state.cards.map(hiloCard);
  return {
    status: state.status,
    currentCard: cards[cards.length - 1]!, // a round always holds its first card
    cards,
    guesses: state.guesses,
    streak: state.streak,
    multiplier: quote.multiplier,
    potentialWin: toCoins(quote.potentialWin),
    higher: viewOption(quote.higher),
    lower: viewOption(quote.lower),
    betAmount: toCoins(state.stake),
    winAmount: toCoins(state.win),
  };
}

/** A hi-lo answer: the view of the round's state, the round to verify and the balances. */
export function hiloBody(round: RoundRecord, balances: Balances): Accepted<HiloResult> {
  return roundBody(viewHilo(round.state as HiloState), round, balances);
}

/**
 * What the bot brain (@casino/protocol's decideBotAction) needs, read from the `poker_table` room's
 * synced state as one seat sees it: its own hole cards, the board, who is still in, and the legal
 * moves. The room never sends the engine state itself, so the view carries only the fields the
 * brain reads.
 */
import { type CardIndex, RANKS, SUITS } from "@casino/protocol/fair/cards";
import type { LegalActions } from "@casino/protocol/poker/engine/betting";
import type { TableState } from "@casino/protocol/poker/engine/types";
import type { PokerCard, PokerTableState } from "@casino/protocol/schemas/poker-table-state";

/** A synced card as its index in the fixed deck order (rank-major, suits diamonds..clubs). */
export function cardIndexOf(card: Pick<PokerCard, "rank" | "suit">): CardIndex {
  const rank = RANKS.indexOf(card.rank as (typeof RANKS)[number]);
  const suit = SUITS.indexOf(card.suit as (typeof SUITS)[number]);
  if (rank < 0 || suit < 0) throw new Error(`sdk/bad_card: ${card.rank} of ${card.suit}`);
  return rank * SUITS.length + suit;
}

/** The seat of a user in the synced state, or -1. */
export function seatOfUser(state: PokerTableState, userId: string): number {
  for (const player of state.players.values()) if (player.userId === userId) return player.seatPosition;
  return -1;
}

/** The brain's inputs when it is `seat`'s turn, else undefined. */
export function botInputsOf(
  state: PokerTableState,
  seat: number,
): { view: TableState; legal: LegalActions } | undefined {
  const me = state.players.get(String(seat));
  if (!me || state.toActSeat !== seat || state.legalActions.seat !== seat) return undefined;
  // The seat's own cards may reach it in a later patch than its turn: decide once they are here.
  if (me.holeCards.length < 2) return undefined;
  const dealt = [...state.players.values()].filter((p) => p.inHand);
  const players = dealt.map((p) => ({
    seat: p.seatPosition,
    holeCards: p.seatPosition === seat ? [...p.holeCards].map(cardIndexOf) : [],
    folded: p.hasFolded,
  }));
  const board = [...state.communityCards].map(cardIndexOf);
  const l = state.legalActions;
  const legal: LegalActions = {
    seat,
    isTurn: true,
    canFold: l.canFold,
    canCheck: l.canCheck,
    canCall: l.canCall,
    callAmount: l.callAmount,
    canBet: l.canBet,
    canRaise: l.canRaise,
    minRaiseTo: l.minRaiseTo,
    maxRaiseTo: l.maxRaiseTo,
    canAllIn: l.canAllIn,
    stack: me.chipCount,
    bet: me.currentBet,
    currentBet: Math.max(0, ...dealt.map((p) => p.currentBet)),
    pot: state.currentPot,
  };
  // Only the fields decideBotAction reads: the seat's own cards, the board, who folded, the big blind.
  const view = { config: { bigBlind: state.bigBlind }, hand: { board, players } } as unknown as TableState;
  return { view, legal };
}

/**
 * A small poker bot brain: a pure decision from what the bot may see (its own view and legal moves)
 * and a random source. Pre-flop it plays by Chen score; after the flop by Monte Carlo equity against
 * the live opponents compared with the pot odds; it value-bets strong hands and bluffs now and then.
 */
import type { LegalActions } from "../engine/betting.ts";
import type { TableAction, TableState } from "../engine/types.ts";
import { chenScore } from "./chen.ts";
import { estimateEquity } from "./equity.ts";

/** How hard the bot thinks and how loose it plays. */
export interface BotStyle {
  /** Monte Carlo trials per post-flop decision (bounded work per action). */
  equityTrials: number;
  /** Chance of betting or raising without the hand for it. */
  bluffRate: number;
  /** Chen score from which a hand is raised pre-flop. */
  raiseFromChen: number;
  /** Chen score from which a hand calls a pre-flop raise. */
  callFromChen: number;
}

/** A steady default: 300 trials, 8% bluffs, raises from Chen 9, calls raises from Chen 7. */
export const DEFAULT_BOT_STYLE: BotStyle = {
  equityTrials: 300,
  bluffRate: 0.08,
  raiseFromChen: 9,
  callFromChen: 7,
};

/** A bet or raise total sized as a share of the pot, kept within the legal range. */
function sizeRaise(legal: LegalActions, potShare: number): number {
  const wanted = legal.currentBet + Math.round((legal.pot + legal.callAmount) * potShare);
  return Math.min(legal.maxRaiseTo, Math.max(legal.minRaiseTo, wanted));
}

function raise(legal: LegalActions, to: number): TableAction {
  if (to >= legal.maxRaiseTo) return { type: "all_in", seat: legal.seat };
  return { type: legal.canBet ? "bet" : "raise", seat: legal.seat, amount: to };
}

function passive(legal: LegalActions): TableAction {
  return legal.canCheck ? { type: "check", seat: legal.seat } : { type: "fold", seat: legal.seat };
}

function callOrCheck(legal: LegalActions): TableAction {
  if (legal.canCheck) return { type: "check", seat: legal.seat };
  if (legal.canCall) return { type: "call", seat: legal.seat };
  return legal.canAllIn ? { type: "all_in", seat: legal.seat } : { type: "fold", seat: legal.seat };
}

/** The bot's action for its turn, from its own view only; always one of the legal moves. */
export function decideBotAction(
  view: TableState,
  legal: LegalActions,
  random: () => number,
  style: BotStyle = DEFAULT_BOT_STYLE,
): TableAction {
  const hand = view.hand;
  const me = hand?.players.find((p) => p.seat === legal.seat);
  if (!hand || !legal.isTurn || !me || me.holeCards.length !== 2) return passive(legal);
  const [a, b] = me.holeCards as [number, number];
  const canRaise = legal.canBet || legal.canRaise;
  const opponents = hand.players.filter((p) => !p.folded && p.seat !== legal.seat).length;
  const bigBlind = view.config.bigBlind;

  if (hand.board.length === 0) {
    const chen = chenScore(a, b) - Math.max(0, opponents - 2) * 0.5;
    const facingRaise = legal.currentBet > bigBlind;
    if (chen >= style.raiseFromChen + 3 && canRaise)
      return raise(legal, sizeRaise(legal, facingRaise ? 1 : 0.75));
    if (chen >= style.raiseFromChen && canRaise && !facingRaise) return raise(legal, sizeRaise(legal, 0.75));
    if (canRaise && random() < style.bluffRate / 2) return raise(legal, legal.minRaiseTo);
    const cheap = legal.callAmount <= bigBlind || legal.callAmount <= legal.stack * 0.03;
    if (chen >= style.callFromChen || (cheap && chen >= style.callFromChen - 3)) {
      return legal.callAmount > legal.stack * 0.5 && chen < style.raiseFromChen + 3
        ? passive(legal)
        : callOrCheck(legal);
    }
    return passive(legal);
  }

  const equity = estimateEquity([a, b], hand.board, Math.min(opponents, 5), style.equityTrials, random);
  const potOdds = legal.callAmount / (legal.pot + legal.callAmount || 1);
  if (equity > 0.7 && canRaise) return raise(legal, sizeRaise(legal, equity > 0.85 ? 1 : 0.6));
  if (legal.callAmount === 0) {
    if (canRaise && (equity > 0.55 || random() < style.bluffRate)) return raise(legal, sizeRaise(legal, 0.5));
    return passive(legal);
  }
  if (equity >= potOdds + 0.05) return callOrCheck(legal);
  if (canRaise && random() < style.bluffRate / 2) return raise(legal, sizeRaise(legal, 0.75));
  return passive(legal);
}

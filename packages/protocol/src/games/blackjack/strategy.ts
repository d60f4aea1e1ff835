/**
 * Exact expected values of Galaxy Blackjack's rules for an unlimited deck, where every card is an
 * independent draw, so optimal play depends only on the hand total, softness and the dealer's up
 * card. Gives the exact RTP of optimal play (the published house edge) and the optimal action that
 * the simulator and a strategy hint use.
 */
import { rankIndexOf } from "../../fair/cards.ts";
import {
  type BlackjackAction,
  type BlackjackState,
  blackjackLegalActions,
  DEALER_STANDS_ON,
} from "./blackjack.ts";
import { cardPoints, isAce } from "./hand.ts";

/** Points of the 13 ranks in deck order (2..10, J, Q, K as 10, A as 1), each drawn with chance 1/13. */
const RANK_POINTS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1] as const;
const RANK_CHANCE = 1 / 13;

/** A total from hard points (aces as 1) and whether the hand holds an ace. */
function totalOf(hard: number, ace: boolean): number {
  return ace && hard + 10 <= 21 ? hard + 10 : hard;
}

/** Final dealer outcome chances: index 0..4 = stands on 17..21, 5 = bust. */
type DealerOutcome = Float64Array;

const dealerMemo = new Map<number, DealerOutcome>();

/** The dealer's final outcome chances from a hand, standing on every 17 (soft ones included). */
function dealerFrom(hard: number, ace: boolean): DealerOutcome {
  const key = hard * 2 + (ace ? 1 : 0);
  const known = dealerMemo.get(key);
  if (known) return known;
  const outcome = new Float64Array(6);
  const total = totalOf(hard, ace);
  if (total > 21) outcome[5] = 1;
  else if (total >= DEALER_STANDS_ON) outcome[total - 17] = 1;
  else {
    for (const points of RANK_POINTS) {
      const next = dealerFrom(hard + points, ace || points === 1);
      for (let i = 0; i < 6; i++) outcome[i]! += RANK_CHANCE * next[i]!;
    }
  }
  dealerMemo.set(key, outcome);
  return outcome;
}

/** Chance the dealer holds a natural given its up card's points (ace = 1). */
function dealerNaturalChance(upPoints: number): number {
  if (upPoints === 1) return 4 / 13;
  if (upPoints === 10) return 1 / 13;
  return 0;
}

/** Per up card, the values the player decides by, given the dealer has no natural (it peeked). */
interface UpCardTables {
  dealer: DealerOutcome;
  best: Float64Array[]; // [ace 0|1][hard]: value of a hand that may hit or stand
  splitHand: Float64Array; // per rank index: value of one hand after splitting that rank
}

const tablesByUpPoints = new Map<number, UpCardTables>();

/** The dealer's outcome chances behind an up card once a natural is ruled out by the peek. */
function dealerAfterPeek(upPoints: number): DealerOutcome {
  const outcome = new Float64Array(6);
  let weight = 0;
  for (const points of RANK_POINTS) {
    const natural = (upPoints === 1 && points === 10) || (upPoints === 10 && points === 1);
    if (natural) continue;
    weight += RANK_CHANCE;
    const next = dealerFrom(upPoints + points, upPoints === 1 || points === 1);
    for (let i = 0; i < 6; i++) outcome[i]! += RANK_CHANCE * next[i]!;
  }
  for (let i = 0; i < 6; i++) outcome[i]! /= weight;
  return outcome;
}

/** Net value of standing on a total against the dealer's outcome chances (ties push). */
function standValue(total: number, dealer: DealerOutcome): number {
  if (total > 21) return -1;
  let value = dealer[5]!;
  for (let final = 17; final <= 21; final++) {
    const chance = dealer[final - 17]!;
    if (total > final) value += chance;
    else if (total < final) value -= chance;
  }
  return value;
}

/** Builds (once) the tables of one up card. */
function tablesFor(upPoints: number): UpCardTables {
  const cached = tablesByUpPoints.get(upPoints);
  if (cached) return cached;
  const dealer = dealerAfterPeek(upPoints);
  const best = [new Float64Array(32), new Float64Array(32)];
  for (let hard = 31; hard >= 2; hard--) {
    for (const ace of [false, true]) {
      const total = totalOf(hard, ace);
      let value = standValue(total, dealer);
      if (total < 21) {
        let hit = 0;
        for (const points of RANK_POINTS)
          hit += RANK_CHANCE * bestAt(best, hard + points, ace || points === 1);
        value = Math.max(value, hit);
      }
      best[ace ? 1 : 0]![hard] = value;
    }
  }
  const tables: UpCardTables = { dealer, best, splitHand: new Float64Array(13) };
  for (let rank = 0; rank < 13; rank++) {
    let value = 0;
    for (let other = 0; other < 13; other++) {
      const hard = RANK_POINTS[rank]! + RANK_POINTS[other]!;
      const ace = rank === 12 || other === 12;
      value +=
        RANK_CHANCE *
        (rank === 12 ? standValue(totalOf(hard, ace), dealer) : firstTwoValue(tables, hard, ace));
    }
    tables.splitHand[rank] = value;
  }
  tablesByUpPoints.set(upPoints, tables);
  return tables;
}

/** A table lookup that treats every bust as -1. */
function bestAt(best: Float64Array[], hard: number, ace: boolean): number {
  return hard > 21 ? -1 : best[ace ? 1 : 0]![hard]!;
}

/** Value of doubling: one more card, twice the stake. */
function doubleValue(tables: UpCardTables, hard: number, ace: boolean): number {
  let value = 0;
  for (const points of RANK_POINTS) {
    value += RANK_CHANCE * standValue(totalOf(hard + points, ace || points === 1), tables.dealer);
  }
  return 2 * value;
}

/** Best value of a two-card hand that may hit, stand or double (not split). */
function firstTwoValue(tables: UpCardTables, hard: number, ace: boolean): number {
  const value = bestAt(tables.best, hard, ace);
  return totalOf(hard, ace) < 21 ? Math.max(value, doubleValue(tables, hard, ace)) : value;
}

/** Net values of the actions legal in a state, per unit of the active hand's stake before any double. */
export function blackjackActionValues(state: BlackjackState): Partial<Record<BlackjackAction, number>> {
  const hand = state.hands[state.activeHand];
  const legal = blackjackLegalActions(state);
  if (!hand || state.phase !== "player") return {};
  const tables = tablesFor(cardPoints(state.dealer[0]!));
  let hard = 0;
  let ace = false;
  for (const card of hand.cards) {
    hard += cardPoints(card);
    ace ||= isAce(card);
  }
  const values: Partial<Record<BlackjackAction, number>> = {
    stand: standValue(totalOf(hard, ace), tables.dealer),
  };
  if (legal.hit) {
    let hit = 0;
    for (const points of RANK_POINTS)
      hit += RANK_CHANCE * bestAt(tables.best, hard + points, ace || points === 1);
    values.hit = hit;
  }
  if (legal.double) values.double = doubleValue(tables, hard, ace);
  if (legal.split) values.split = 2 * tables.splitHand[rankIndexOf(hand.cards[0]!)]!;
  return values;
}

/** The action with the highest expected value (optimal play for the unlimited deck). */
export function optimalBlackjackAction(state: BlackjackState): BlackjackAction {
  let bestAction: BlackjackAction = "stand";
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const [action, value] of Object.entries(blackjackActionValues(state)) as [BlackjackAction, number][]) {
    if (value > bestValue) {
      bestValue = value;
      bestAction = action;
    }
  }
  return bestAction;
}

/**
 * Exact return to player of optimal play, per unit of the original bet: the dealer peeks first
 * (a dealer natural pushes a player natural and beats everything else), a player natural pays 3:2,
 * every other hand takes its best action.
 */
export function blackjackExactRtp(): number {
  let value = 0;
  for (let up = 0; up < 13; up++) {
    const upPoints = RANK_POINTS[up]!;
    const dealerNatural = dealerNaturalChance(upPoints);
    const tables = tablesFor(upPoints);
    let afterPeek = 0;
    let playerNatural = 0;
    for (let first = 0; first < 13; first++) {
      for (let second = 0; second < 13; second++) {
        const chance = RANK_CHANCE * RANK_CHANCE;
        const hard = RANK_POINTS[first]! + RANK_POINTS[second]!;
        const ace = first === 12 || second === 12;
        if (totalOf(hard, ace) === 21) {
          playerNatural += chance;
          afterPeek += chance * 1.5;
          continue;
        }
        let hand = firstTwoValue(tables, hard, ace);
        if (first === second) hand = Math.max(hand, 2 * tables.splitHand[first]!);
        afterPeek += chance * hand;
      }
    }
    value += RANK_CHANCE * (dealerNatural * -(1 - playerNatural) + (1 - dealerNatural) * afterPeek);
  }
  return 1 + value;
}

/**
 * Showdown: who shows and in what order (last aggressor of the final round first, else the first
 * player left of the button; a hand that cannot win may be mucked), and each pot awarded on its own.
 */
import { describeHand } from "../evaluator/describe.ts";
import { evaluateHand } from "../evaluator/evaluate.ts";
import { splitPot } from "./pots.ts";
import { seatsAfter } from "./seats.ts";
import type { HandState, PotShare, TableEvent, TableState } from "./types.ts";

/** Hand ranks of the players still in the hand, by seat (the board must be complete). */
export function rankLiveHands(hand: HandState): Map<number, number> {
  return new Map(
    hand.players.filter((p) => !p.folded).map((p) => [p.seat, evaluateHand([...p.holeCards, ...hand.board])]),
  );
}

/** The seats that win (or tie for) a pot among its eligible seats. */
function potWinners(eligible: readonly number[], ranks: ReadonlyMap<number, number>): number[] {
  const best = Math.max(...eligible.map((s) => ranks.get(s) ?? 0));
  return eligible.filter((s) => ranks.get(s) === best);
}

/** The showdown order: last aggressor of the final round first, else the first live seat left of the button. */
export function showdownOrder(state: TableState, hand: HandState): number[] {
  const live = new Set(hand.players.filter((p) => !p.folded).map((p) => p.seat));
  const first =
    hand.lastAggressor !== null && live.has(hand.lastAggressor)
      ? hand.lastAggressor
      : seatsAfter(hand.buttonSeat, state.config.maxPlayers).find((s) => live.has(s))!;
  return [first, ...seatsAfter(first, state.config.maxPlayers)].filter(
    (s, i, all) => live.has(s) && all.indexOf(s) === i,
  );
}

/**
 * Turns hands face up in showdown order. The first shows; later hands show if they win a pot or
 * beat or tie the best hand shown so far, otherwise they are mucked. When a player is all-in every
 * hand is tabled (TDA 16). Hands already face up stay up.
 */
export function showHandsAtShowdown(state: TableState, hand: HandState, events: TableEvent[]): void {
  const ranks = rankLiveHands(hand);
  const winners = new Set(hand.pots.flatMap((pot) => potWinners(pot.eligibleSeats, ranks)));
  const allInShowdown = hand.players.some((p) => !p.folded && p.allIn);
  let best = 0;
  showdownOrder(state, hand).forEach((seat, i) => {
    const p = hand.players.find((x) => x.seat === seat)!;
    const rank = ranks.get(seat)!;
    if (p.shown) {
      best = Math.max(best, rank);
      return;
    }
    if (i === 0 || allInShowdown || winners.has(seat) || rank >= best) {
      p.shown = true;
      best = Math.max(best, rank);
      events.push({ type: "hand_shown", seat, cards: [...p.holeCards], handName: describeHand(rank) });
    } else {
      events.push({ type: "hand_mucked", seat });
    }
  });
}

/** Awards every pot separately (TDA 21), ties split with odd chips left of the button (TDA 20). */
export function awardPots(
  state: TableState,
  hand: HandState,
  showdown: boolean,
  events: TableEvent[],
): PotShare[][] {
  const ranks = showdown ? rankLiveHands(hand) : new Map<number, number>();
  const results: PotShare[][] = [];
  hand.pots.forEach((pot, potIndex) => {
    if (pot.amount === 0) return;
    const winners = showdown ? potWinners(pot.eligibleSeats, ranks) : pot.eligibleSeats;
    const shares: PotShare[] = splitPot(pot.amount, winners, hand.buttonSeat, state.config.maxPlayers).map(
      (s) => ({
        ...s,
        handName: showdown ? describeHand(ranks.get(s.seat)!) : null,
      }),
    );
    results.push(shares);
    events.push({ type: "pot_awarded", potIndex, amount: pot.amount, winners: shares });
  });
  return results;
}

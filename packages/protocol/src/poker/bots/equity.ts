/**
 * Post-flop equity by Monte Carlo: the share of the pot a hand wins against random hands of the
 * live opponents, over random completions of the board. Only the player's own cards and the board
 * are used, and the number of trials is bounded.
 */
import type { CardIndex } from "../../fair/cards.ts";
import { evaluateHand } from "../evaluator/evaluate.ts";

/** Estimated equity (0..1) of two hole cards on a board of 0-5 cards against `opponents` random hands. */
export function estimateEquity(
  hole: readonly CardIndex[],
  board: readonly CardIndex[],
  opponents: number,
  trials: number,
  random: () => number,
): number {
  const known = new Set([...hole, ...board]);
  const deck = Array.from({ length: 52 }, (_, c) => c).filter((c) => !known.has(c));
  const boardNeeded = 5 - board.length;
  const draw = boardNeeded + 2 * opponents;
  if (opponents < 1 || draw > deck.length || hole.length !== 2) return opponents < 1 ? 1 : 0;
  let won = 0;
  const fullBoard = [...board];
  for (let t = 0; t < trials; t++) {
    for (let i = 0; i < draw; i++) {
      const j = i + Math.floor(random() * (deck.length - i));
      const swap = deck[i]!;
      deck[i] = deck[j]!;
      deck[j] = swap;
    }
    fullBoard.length = board.length;
    for (let i = 0; i < boardNeeded; i++) fullBoard.push(deck[i]!);
    const mine = evaluateHand([...hole, ...fullBoard]);
    let best = 0;
    let ties = 0;
    for (let o = 0; o < opponents; o++) {
      const k = boardNeeded + 2 * o;
      const theirs = evaluateHand([deck[k]!, deck[k + 1]!, ...fullBoard]);
      if (theirs > best) best = theirs;
      if (theirs === mine) ties++;
    }
    if (mine > best) won += 1;
    else if (mine === best) won += 1 / (ties + 1);
  }
  return won / trials;
}

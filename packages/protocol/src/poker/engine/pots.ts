/**
 * Pots and chips leaving them: side pots by contribution layers (TDA 21: each split on its own),
 * uncalled bets, rake (after uncalled bets, no flop no drop, capped) and odd chips (TDA 20).
 */
import { distanceAfter } from "./seats.ts";
import type { HandPlayer, Pot, TableConfig } from "./types.ts";

/**
 * The main pot and side pots from what each player put in: one layer per all-in amount of a player
 * still in the hand; folded players' chips count but they cannot win. Layers that only differ in
 * amount (same eligible seats) are merged.
 */
export function computePots(players: readonly HandPlayer[]): Pot[] {
  const live = players.filter((p) => !p.folded);
  const top = Math.max(0, ...players.map((p) => p.committed));
  const levels = [...new Set([...live.filter((p) => p.allIn).map((p) => p.committed), top])].sort(
    (a, b) => a - b,
  );
  const pots: Pot[] = [];
  let previous = 0;
  for (const level of levels) {
    const amount = players.reduce(
      (sum, p) => sum + Math.min(p.committed, level) - Math.min(p.committed, previous),
      0,
    );
    const eligibleSeats = live.filter((p) => p.committed > previous).map((p) => p.seat);
    previous = level;
    if (amount === 0) continue;
    const last = pots[pots.length - 1];
    if (last && (eligibleSeats.length === 0 || sameSeats(last.eligibleSeats, eligibleSeats)))
      last.amount += amount;
    else
      pots.push({
        amount,
        eligibleSeats: eligibleSeats.length > 0 ? eligibleSeats : live.map((p) => p.seat),
      });
  }
  return pots;
}

function sameSeats(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

/**
 * The part of the round's highest bet nobody matched, returned to its player (who must still be
 * in the hand): the highest bet minus the second highest. Returns the seat and amount, or null.
 */
export function returnUncalledBet(players: HandPlayer[]): { seat: number; amount: number } | null {
  const byBet = [...players].sort((a, b) => b.bet - a.bet);
  const top = byBet[0];
  if (!top || top.folded) return null;
  const amount = top.bet - (byBet[1]?.bet ?? 0);
  if (amount <= 0) return null;
  top.bet -= amount;
  top.committed -= amount;
  return { seat: top.seat, amount };
}

/** The rake of a hand: a share of the whole pot, rounded down and capped; nothing if no flop was dealt. */
export function computeRake(totalPot: number, flopDealt: boolean, config: TableConfig): number {
  if (!flopDealt) return 0;
  const cap = config.rakeCapBigBlinds * config.bigBlind;
  return Math.min(Math.floor((totalPot * config.rakeBasisPoints) / 10000), cap);
}

/** Takes the rake out of the pots, main pot first. */
export function takeRakeFromPots(pots: Pot[], rake: number): void {
  let left = rake;
  for (const pot of pots) {
    const taken = Math.min(pot.amount, left);
    pot.amount -= taken;
    left -= taken;
  }
}

/**
 * Splits a pot between tied winners: equal shares, and the odd chips one each to the winners
 * nearest the button going clockwise (TDA 20).
 */
export function splitPot(
  amount: number,
  winners: readonly number[],
  buttonSeat: number,
  seatCount: number,
): { seat: number; amount: number }[] {
  const ordered = [...winners].sort(
    (a, b) => distanceAfter(buttonSeat, a, seatCount) - distanceAfter(buttonSeat, b, seatCount),
  );
  const share = Math.floor(amount / ordered.length);
  const odd = amount - share * ordered.length;
  return ordered.map((seat, i) => ({ seat, amount: share + (i < odd ? 1 : 0) }));
}

/** Bets driven through the money store's operations directly, as the round service drives them, for the contract suite. */

import { createTimeOrderedId } from "../db/ids.ts";
import type { QueryBuilder, Steps } from "../db/steps.ts";
import type { FairContext } from "../fairness/seeds.ts";
import { houseAccount } from "../ledger/accounts.ts";
import { newRoundRow, roundMoves } from "../rounds/round-rows.ts";
import type { DecidedRound, SettledBet } from "./money-store.ts";
import { moneyStoreOf } from "./select.ts";

/** A one-shot round of u1's stake that pays `win`, decided on `fair`, as the round service builds it. */
export function decideBet(fair: FairContext, stake: number, win: number, now: number): DecidedRound {
  const input = { userId: "u1", gameType: "dice", currency: "HC" as const, stake, input: {} };
  const row = newRoundRow(createTimeOrderedId(), input, fair, now, undefined, { win, outcome: null });
  const house = houseAccount(row.id);
  return { row, moves: roundMoves("u1", house, stake, win), house, paid: stake, win };
}

/** A fair context a bet drew from, and which path drew it. */
export type Draw = FairContext & { via: "quick" | "ordinary" };

/** The ordinary bet through the store: place the stake, decide, settle; "insufficient" when not covered. */
export function* placeAndSettleSteps(
  q: QueryBuilder,
  stake: number,
  win: number,
  drawn: Draw[] = [],
): Steps<SettledBet | "insufficient"> {
  const store = moneyStoreOf(q);
  const now = Date.now();
  const placed = yield* store.placeStake(q, { userId: "u1", currency: "HC", stake }, now);
  if (!placed) return "insufficient";
  if (!placed.ok) throw new Error(`refused by a limit: ${placed.code}`);
  drawn.push({ ...placed.fair, via: "ordinary" });
  const decided = decideBet(placed.fair, stake, win, now);
  const balances = yield* store.settleOneShot(q, { ...decided, placed, endsTransaction: true }, now);
  return { row: decided.row, balances };
}

/** The round service's order: the store's quick bet first, else the ordinary bet. */
export function* playBetSteps(q: QueryBuilder, stake: number, win: number, drawn: Draw[] = []) {
  const decide = (fair: FairContext) => {
    drawn.push({ ...fair, via: "quick" });
    return decideBet(fair, stake, win, Date.now());
  };
  const quick = yield* moneyStoreOf(q).playQuickBet(
    q,
    { userId: "u1", currency: "HC", stake, decide },
    Date.now(),
  );
  return quick ?? (yield* placeAndSettleSteps(q, stake, win, drawn));
}

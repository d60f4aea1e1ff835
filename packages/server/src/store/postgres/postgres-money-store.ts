/**
 * The money store on PostgreSQL, where every statement inside an open transaction is a round trip
 * that holds its row locks: a stake is one statement, a settlement another (carrying the commit),
 * a transfer fuses its credits and ledger rows, and a paid bet of a player whose seed this process
 * remembers is one statement in all (one-trip-bet.ts).
 */
import { dropGuess, takeCachedSeed } from "../../fairness/seed-cache.ts";
import { balancesSteps } from "../ledger-statements.ts";
import type { MoneyStore } from "../money-store.ts";
import { roundRowOperations } from "../round-statements.ts";
import { playRoundInOneTrip } from "./one-trip-bet.ts";
import { placeStakeSteps } from "./place-stake.ts";
import { settleOneShotSteps } from "./settle-one-shot.ts";
import { postCoveredTransferSteps, postTransferSteps } from "./transfers.ts";

/** The PostgreSQL money store. */
export const postgresMoneyStore: MoneyStore = {
  postTransfer: postTransferSteps,
  postCoveredTransfer: postCoveredTransferSteps,
  readBalances: balancesSteps,
  *playQuickBet(q, bet, now) {
    const remembered = takeCachedSeed(q, bet.userId);
    if (!remembered) return undefined;
    const played = yield* playRoundInOneTrip(q, bet, remembered, now);
    if (played) return played;
    dropGuess(q, bet.userId);
    return undefined;
  },
  placeStake: placeStakeSteps,
  settleOneShot: settleOneShotSteps,
  ...roundRowOperations,
};

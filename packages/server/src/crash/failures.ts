/** Supernova's refusals, with the text players see, and the round service's refusals as crash answers. */
import { type Failure, makeFailure } from "@casino/protocol";

/** The refusals of the crash game, with the text players see. */
export const CRASH_FAILURES = {
  bettingClosed: () => makeFailure(409, "crash/betting_closed", "Bets are closed: wait for the next round"),
  alreadyBet: () => makeFailure(409, "crash/already_bet", "You already have a bet in this round"),
  noBet: () => makeFailure(409, "crash/no_bet", "You have no bet in this flight"),
  crashed: () => makeFailure(409, "crash/crashed", "Too late: the rocket already crashed"),
  notFlying: () => makeFailure(409, "crash/not_flying", "The flight has not started yet"),
  maintenance: () =>
    makeFailure(503, "casino/maintenance", "The casino is in maintenance: new bets are paused"),
};

/** A round-service refusal as a crash answer (limits are 403, the rest 409 or the catalogue's). */
export function failureOf(code: string, message: string): Failure {
  if (code === "bet/insufficient_balance") return makeFailure(400, code, "Insufficient balance!");
  if (code === "round/already_open")
    return makeFailure(409, "crash/already_bet", "Finish your bet in the other round first");
  if (code.startsWith("limits/")) return makeFailure(403, code, message);
  if (code === "crash/starting") return makeFailure(503, code, message);
  return makeFailure(409, code, message);
}

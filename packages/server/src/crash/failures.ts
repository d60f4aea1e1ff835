/** Supernova's refusals and the round service's refusals as crash answers, from the failure catalogue. */
import { type CrashFailureCode, type Failure, failure, failureFromCode } from "@casino/protocol";

/** The failure of a crash code, or of the casino's maintenance. */
export function crashFailure(code: CrashFailureCode | "casino/maintenance"): Failure {
  return failure(code);
}

/** A round-service refusal as a crash answer: an open round elsewhere is a bet in the other round. */
export function failureOf(code: string, message: string): Failure {
  if (code === "round/already_open") return failure("crash/bet_elsewhere");
  return failureFromCode(code, message);
}

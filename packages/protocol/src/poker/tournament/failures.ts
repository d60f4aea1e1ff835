/**
 * The Sit & Go's expected failures: the tournament codes of the casino's failure catalogue
 * (wire/failures.ts), answered by the REST routes and shown by the client as they are.
 */
import { type Failure, failure, type TournamentFailureCode } from "../../wire/failures.ts";

export type { TournamentFailureCode };

/** A tournament failure as a value. */
export type TournamentFailure = Failure & { code: TournamentFailureCode };

/** The failure of a code, with its catalogue text. */
export function tournamentFailure(code: TournamentFailureCode): TournamentFailure {
  return failure(code);
}

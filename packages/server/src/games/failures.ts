/**
 * The games' expected failures: each namespaced code with its HTTP status and the text the player
 * sees, from the casino's one catalogue (protocol). Rooms send the same code and message in their
 * "error" message.
 */
import { type Failure, failure, failureFromCode, type GameFailureCode } from "@casino/protocol";

/** Every code the games answer with. */
export type { GameFailureCode };

/** The failure of a game code, with its catalogue text. */
export function gameFailure(code: GameFailureCode): Failure {
  return failure(code);
}

/** Maps a round-service or rule refusal to its catalogue answer (a limit keeps its own text). */
export { failureFromCode };

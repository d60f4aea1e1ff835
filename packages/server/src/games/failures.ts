/**
 * The games' expected failures in one place: each namespaced code with its HTTP status and the text
 * the player sees (SPEC.md section 8's game messages where the spec has one). Rooms send the same
 * code and message in their "error" message.
 */
import { type Failure, makeFailure } from "../http/failures.ts";

const GAME_FAILURES = {
  "bet/insufficient_balance": [400, "Insufficient balance!"],
  "slots/insufficient_for_bonus": [400, "Insufficient balance for bonus!"],
  "slots/no_free_spins": [403, "You have no free spins"],
  "slots/free_spins_pending": [409, "Use your free spins first"],
  "plinko/too_many_balls": [409, "Maximum 5 balls allowed!"],
  "round/already_open": [409, "Finish the game in progress first"],
  "round/not_found": [404, "No game in progress"],
  "round/busy": [409, "The game is still settling, try again"],
  "blackjack/illegal_action": [409, "That move is not allowed now"],
  "blackjack/round_over": [409, "The hand is over"],
  "blackjack/not_bust": [409, "Your hand is not bust"],
  "hilo/impossible_guess": [400, "That guess cannot win"],
  "hilo/no_streak": [409, "Guess at least once before cashing out"],
  "hilo/max_multiplier": [409, "Maximum multiplier reached: cash out"],
  "hilo/round_over": [409, "The game is over"],
  "bet/result_mismatch": [403, "The reported result does not match the server's round"],
  "bet/no_round": [403, "There is no settled round to report"],
  "game/unknown": [404, "Game not found"],
  "casino/maintenance": [503, "The casino is in maintenance: new bets are paused"],
} as const satisfies Record<string, readonly [number, string]>;

/** Every code the games answer with. */
export type GameFailureCode = keyof typeof GAME_FAILURES;

/** The failure of a game code, with its catalogue text. */
export function gameFailure(code: GameFailureCode): Failure {
  const [status, message] = GAME_FAILURES[code];
  return makeFailure(status, code, message);
}

/** Maps a round-service or rule refusal to its answer; an unknown code is a 409 with its own message. */
export function failureFromCode(code: string, message: string): Failure {
  if (code in GAME_FAILURES) return gameFailure(code as GameFailureCode);
  return makeFailure(409, code, message);
}

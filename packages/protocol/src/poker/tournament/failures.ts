/**
 * The Sit & Go's expected failures: namespaced codes with their HTTP status and the player's text,
 * answered by the REST routes and shown by the client as they are.
 */

/** Every tournament failure: [status, message]. */
export const TOURNAMENT_FAILURES = {
  "tournament/not_found": [404, "Tournament not found"],
  "tournament/not_registering": [409, "Registration for this tournament is closed"],
  "tournament/full": [409, "This tournament is full"],
  "tournament/already_registered": [409, "You are already registered for this tournament"],
  "tournament/not_registered": [409, "You are not registered for this tournament"],
  "tournament/insufficient_balance": [400, "Insufficient balance for the buy-in and fee"],
  "tournament/table_rules": [
    409,
    "Tournament chips stay on the table until you are out: no leaving, rebuys or cash-outs",
  ],
} as const satisfies Record<string, readonly [number, string]>;

/** A tournament failure code. */
export type TournamentFailureCode = keyof typeof TOURNAMENT_FAILURES;

/** A tournament failure as a value. */
export interface TournamentFailure {
  ok: false;
  status: number;
  code: TournamentFailureCode;
  message: string;
}

/** The failure of a code, with its catalogue text. */
export function tournamentFailure(code: TournamentFailureCode): TournamentFailure {
  const [status, message] = TOURNAMENT_FAILURES[code];
  return { ok: false, status, code, message };
}

/**
 * Every expected failure of the REST API in one place: a namespaced code, its HTTP status and the
 * text the player sees (SPEC.md section 8 shows it as "{status}: {message}").
 */

/** An expected failure as a value: what the route answers with. */
export interface Failure {
  ok: false;
  status: number;
  code: string;
  message: string;
}

const CATALOGUE = {
  "http/malformed_json": [400, "Malformed JSON body"],
  "http/body_too_large": [413, "Request body too large"],
  "http/unsupported_body": [415, "Send a JSON body (Content-Type: application/json) or none"],
  "http/not_found": [404, "Not found"],
  "http/bad_path": [400, "Malformed percent-escape in the request path"],
  "http/rate_limited": [429, "Too many requests, please slow down"],
  "http/internal": [500, "Internal server error"],
  "db/busy": [503, "The casino is busy, please retry in a moment"],
  "input/invalid": [400, "Invalid request"],
  "idempotency/bad_key": [400, "Idempotency-Key must be 1 to 200 printable characters"],
  "idempotency/key_reused": [422, "This Idempotency-Key was already used for a different request"],
  "auth/no_session": [401, "Connect a wallet first"],
  "auth/wallet_mismatch": [403, "This wallet does not belong to your session"],
  "auth/invalid_address": [400, "Invalid wallet address format"],
  "auth/not_algorand": [400, "Challenges are only for Algorand addresses; demo identities connect directly"],
  "auth/proof_required": [401, "Wallet not verified: sign the challenge with your wallet"],
  "auth/bad_signature": [401, "Wallet not verified: the signature does not match this address"],
  "auth/challenge_invalid": [401, "Wallet not verified: the challenge is unknown, used or expired"],
  "auth/demo_taken": [403, "This demo identity belongs to another session"],
  "user/not_found": [404, "User not found"],
  "deposit/invalid_amount": [400, "Please enter a valid deposit amount"],
  "deposit/insufficient_chain_balance": [400, "Your wallet does not hold enough AMINA for this deposit"],
  "deposit/unknown_transaction": [404, "No such transfer on the chain"],
  "deposit/not_a_deposit": [400, "That transfer is not from your wallet to the casino"],
  "deposit/amount_mismatch": [400, "The amount does not match the transfer"],
  "deposit/already_credited": [409, "That transfer has already been credited"],
  "withdraw/invalid_amount": [400, "Please enter a valid withdrawal amount"],
  "withdraw/insufficient_balance": [400, "You don't have enough AMINA tokens to withdraw"],
  "withdraw/custody_short": [503, "The casino cannot pay this withdrawal right now, please try later"],
  "bonus/too_soon": [409, "Daily bonus already claimed, come back later"],
  "grant/not_needed": [409, "Demo House Coins are granted while your balance is below 1000"],
  "seed/invalid_client_seed": [400, "Please enter a client seed"],
  "seed/round_open": [409, "Finish your open game before generating a new server seed"],
} as const satisfies Record<string, readonly [number, string]>;

/** Every code of the catalogue. */
export type FailureCode = keyof typeof CATALOGUE;

/** The failure of a code, with its catalogue text unless a more precise one is given. */
export function failure(code: FailureCode, message?: string): Failure {
  const [status, text] = CATALOGUE[code];
  return { ok: false, status, code, message: message ?? text };
}

/** The HTTP status of a code. */
export function statusOf(code: FailureCode): number {
  return CATALOGUE[code][0];
}

/** A failure outside this catalogue (a game rule's own code, from another area's catalogue). */
export function makeFailure(status: number, code: string, message: string): Failure {
  return { ok: false, status, code, message };
}

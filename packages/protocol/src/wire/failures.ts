/**
 * Every expected failure of the casino in one place: a namespaced code, its HTTP status and the
 * text the player reads (SPEC.md section 8 shows a REST failure as "{status}: {message}"). The
 * server answers with these (REST, rooms, the poker engine, tournaments, responsible gaming, the
 * crash game); the client shows them and names its own (status 0: never reached). Every text is
 * unique, so a text tells its code. A refusal may give a more precise text than the catalogue's
 * (a limit names its amount and period, poker's maintenance, the vault's keeper).
 */

/** A failure catalogue: namespaced code -> [HTTP status, the text the player reads]. */
export type FailureTable = Record<string, readonly [number, string]>;

/** Every code, grouped by the area that answers with it. */
const CATALOGUE = {
  // The player's REST API, sessions, rooms and the client's own failures.
  "http/malformed_json": [400, "Malformed JSON body"],
  "http/body_too_large": [413, "Request body too large"],
  "http/unsupported_body": [415, "Send a JSON body (Content-Type: application/json) or none"],
  "http/foreign_origin": [403, "Refused: this request came from a page of another site"],
  "http/not_found": [404, "Not found"],
  "http/bad_path": [400, "Malformed percent-escape in the request path"],
  "http/rate_limited": [429, "Too many requests, please slow down"],
  "http/internal": [500, "Internal server error"],
  "http/unreachable": [0, "Network error: the casino server cannot be reached"],
  "http/aborted": [0, "Request cancelled"],
  "http/bad_json": [0, "Malformed response"],
  "db/busy": [503, "The casino is busy, please retry in a moment"],
  "input/invalid": [400, "Invalid request"],
  "idempotency/bad_key": [400, "Idempotency-Key must be 1 to 200 printable characters"],
  "idempotency/key_reused": [422, "This Idempotency-Key was already used for a different request"],
  "auth/no_session": [401, "Connect a wallet first"],
  "auth/session_ended": [401, "Your session has ended: connect your wallet again"],
  "auth/wallet_mismatch": [403, "This wallet does not belong to your session"],
  "auth/invalid_address": [400, "Invalid wallet address format"],
  "wallet/sign_failed": [0, "Failed to connect wallet"],
  // The client's own checks of what the player types, before anything is sent.
  "bet/empty": [0, "Enter a bet amount"],
  "bet/not_a_number": [0, "The bet must be a number"],
  "bet/not_positive": [0, "The bet must be a positive number"],
  "poker/amount_not_positive": [0, "Enter an amount above 0"],
  "poker/bad_step": [0, "Use steps of 0.001 AMINA"],
  "poker/below_minimum": [0, "The minimum is 0.001 AMINA"],
  "poker/name_too_long": [0, "Use at most 24 characters"],
  "poker/name_unprintable": [0, "Use letters, digits and plain punctuation"],
  "cashier/bad_precision": [0, "Use at most 6 decimals (0.000001 AMINA is the smallest amount)"],
  "auth/not_algorand": [400, "Challenges are only for Algorand addresses; demo identities connect directly"],
  "auth/proof_required": [401, "Wallet not verified: sign the challenge with your wallet"],
  "auth/bad_signature": [401, "Wallet not verified: the signature does not match this address"],
  "auth/challenge_invalid": [401, "Wallet not verified: the challenge is unknown, used or expired"],
  "auth/demo_taken": [403, "This demo identity belongs to another session"],
  "recovery/not_demo": [400, "Only demo identities have a recovery key; a wallet is its own key"],
  "recovery/invalid_key": [401, "That recovery key does not open any demo identity: check it and try again"],
  "protocol/version_mismatch": [426, "This page is out of date: reload it to keep playing"],
  "auth/required": [401, "Connect a wallet to play"],
  "room/offline": [0, "Not connected to the game server: try again in a moment"],
  "room/no_answer": [0, "The game server did not answer"],
  "room/bad_reply": [0, "The game server sent an answer this page cannot read"],
  "room/rate_limited": [429, "Too many messages, please slow down"],
  "user/not_found": [404, "User not found"],
  "user/username_taken": [409, "That username is taken (or reads like one that is): pick another"],
  "user/username_reserved": [400, "That username is reserved for the casino's staff: pick another"],
  "user/username_generated": [400, "Names starting with cosmic_ are given to new players: pick another"],
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
  // Poker tables, seats, chips and hands.
  "poker/table_not_found": [404, "No such poker table"],
  "poker/table_elsewhere": [503, "This table is hosted by another server right now, please try again"],
  "poker/table_closing": [503, "This table is closing"],
  "poker/table_full": [409, "This table is full"],
  "poker/not_seated": [409, "You are not seated at this table"],
  "poker/not_seated_amina": [409, "You are not seated at an AMINA table"],
  "poker/several_tables": [400, "You sit at several AMINA tables: name the tableId"],
  "poker/invalid_buy_in": [400, "The buy-in is outside this table's range"],
  "poker/name_reserved": [
    400,
    "That name is reserved for the casino's staff: pick another name for the table",
  ],
  "poker/name_taken": [409, "That name belongs to another player: pick another name for the table"],
  "poker/wrong_currency": [400, "This table plays in another currency"],
  "poker/not_amina_table": [400, "Chips can be bought and cashed out only at AMINA tables"],
  "poker/whole_chips": [400, "The amount must be a whole number of chips (0.001 AMINA each)"],
  "poker/above_max_buy_in": [400, "That would put more chips on the table than its maximum buy-in"],
  "poker/insufficient_balance": [400, "Your balance does not cover these chips"],
  "poker/hand_not_found": [404, "No such hand"],
  "poker/hand_not_yours": [403, "You did not play this hand"],
  "poker/hand_live": [409, "This hand is still being played"],
  "cluster/host_unreachable": [502, "The table's server is unreachable; try again"],
  // The poker engine's refusals (poker/engine/errors.ts): bad amounts and seats are 400, moves the
  // table's state forbids 409. A refusal may append a detail to the text.
  "poker/unknown_action": [400, "Unknown action."],
  "poker/invalid_seat": [400, "There is no such seat at this table."],
  "poker/seat_taken": [409, "That seat is taken."],
  "poker/seat_empty": [409, "Nobody sits in that seat."],
  "poker/already_seated": [409, "You are already seated at this table."],
  "poker/invalid_amount": [400, "The amount must be a positive whole number of chips."],
  "poker/invalid_player": [400, "A player needs an id and a name."],
  "poker/hand_in_progress": [409, "Wait until the current hand ends."],
  "poker/not_enough_players": [409, "At least two players with chips are needed to start a hand."],
  "poker/invalid_deck": [409, "The deck must be the 52 cards in some order."],
  "poker/no_hand": [409, "No hand is being played."],
  "poker/not_your_turn": [409, "It is not your turn."],
  "poker/cannot_check": [409, "You cannot check: there is a bet to call."],
  "poker/nothing_to_call": [409, "There is nothing to call: check instead."],
  "poker/below_min_raise": [400, "The raise is below the minimum."],
  "poker/above_stack": [400, "You do not have that many chips."],
  "poker/raise_not_allowed": [409, "Betting is not reopened: you may only call or fold."],
  "poker/raise_cannot_be_called": [
    409,
    "Nobody left in the hand can call a raise: you may only call, check or fold.",
  ],
  "poker/not_timed_out": [409, "The player still has time to act."],
  "poker/nothing_to_advance": [409, "There are no cards to deal now."],
  "poker/stale_action": [409, "The table changed before your action arrived: look again and act."],
  // Sit & Go tournaments.
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
  // The single-player games and their rounds (SPEC.md section 8's game messages where it has one).
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
  "round/unsupported": [409, "This game has no rule to settle a round left open"],
  "game/unknown": [404, "Game not found"],
  "casino/maintenance": [503, "The casino is in maintenance: new bets are paused"],
  // Responsible gaming: the refusal's own text names the limit, its amount and when it lifts.
  "limits/deposit_limit_reached": [403, "This would pass one of your deposit limits"],
  "limits/loss_limit_reached": [403, "This would pass one of your loss limits"],
  "limits/wager_limit_reached": [403, "This would pass one of your wager limits"],
  "limits/session_time_reached": [403, "You have reached your session time limit: take a break"],
  "limits/cooling_off": [403, "You are on a cool-off"],
  "limits/self_excluded": [403, "You are self-excluded"],
  // Supernova, the crash game.
  "crash/betting_closed": [409, "Bets are closed: wait for the next round"],
  "crash/already_bet": [409, "You already have a bet in this round"],
  "crash/bet_elsewhere": [409, "Finish your bet in the other round first"],
  "crash/no_bet": [409, "You have no bet in this flight"],
  "crash/crashed": [409, "Too late: the rocket already crashed"],
  "crash/not_flying": [409, "The flight has not started yet"],
  "crash/starting": [503, "Supernova is getting ready: try again in a few seconds"],
  "crash/round_not_found": [404, "That round has not finished yet"],
  // Results between the server's own layers, answered as their callers' codes.
  "ledger/insufficient_funds": [400, "The account does not hold enough for this move"],
  "chain/insufficient_funds": [400, "The wallet on the chain does not hold enough"],
  "chain/unsupported": [400, "The chain does not support this transfer"],
  // The casino chat (too_long names CHAT_LIMITS.maxLength of schemas/chat.ts).
  "chat/empty": [400, "Type a message first"],
  "chat/too_long": [400, "Messages are at most 200 characters"],
  "chat/rate_limited": [429, "You are sending messages too fast: wait a few seconds"],
  "chat/muted": [403, "You are muted"],
  "chat/banned": [403, "You are banned from the chat"],
  "chat/table_not_found": [404, "No such poker table to chat at"],
  "chat/user_not_found": [404, "No player with that user id"],
  // The operator API (the dashboard shows these texts).
  "operator/not_configured": [503, "Operator password not configured"],
  "operator/vault_not_configured": [503, "Vault password not configured"],
  "operator/bad_password": [403, "Access Denied - Incorrect Password"],
  "operator/unauthorized": [401, "Operator login required"],
  "operator/too_many_attempts": [429, "Too many failed password attempts, try again later"],
  "operator/vault_denied": [403, "Access denied: only the vault's keeper may open the vault"],
  "operator/unknown_persona": [404, "Unknown persona"],
  "operator/event_not_found": [404, "Security event not found"],
} as const satisfies FailureTable;

/** The namespaces of the codes the single-player games answer with. */
const GAME_NAMESPACES = ["bet", "slots", "plinko", "round", "blackjack", "hilo", "game", "casino"] as const;

/** Every code of the catalogue. */
export type FailureCode = keyof typeof CATALOGUE;
/** Every code of the catalogue, in its order. */
export const FAILURE_CODES = Object.keys(CATALOGUE) as FailureCode[];
/** The codes of the catalogue in namespace `N`. */
type CodesIn<N extends string> = Extract<FailureCode, `${N}/${string}`>;
/** The codes the single-player games answer with. */
export type GameFailureCode = CodesIn<(typeof GAME_NAMESPACES)[number]>;
/** The codes of the operator API. */
export type OperatorFailureCode = CodesIn<"operator">;
/** The codes of the casino chat. */
export type ChatFailureCode = CodesIn<"chat">;
/** The codes of Sit & Go tournaments. */
export type TournamentFailureCode = CodesIn<"tournament">;
/** The codes of responsible gaming's limits and exclusions. */
export type LimitFailureCode = CodesIn<"limits">;
/** The codes of Supernova, the crash game. */
export type CrashFailureCode = CodesIn<"crash">;

/** An expected failure as a value: what a route or room answers with. */
export interface Failure {
  ok: false;
  status: number;
  code: string;
  message: string;
}

/** The failure of a code, with its catalogue text unless a more precise one is given. */
export function failure<C extends FailureCode>(code: C, message?: string): Failure & { code: C } {
  const [status, text] = CATALOGUE[code];
  return { ok: false, status, code, message: message ?? text };
}

/** The HTTP status of a code (0 for failures the client names itself). */
export function statusOf(code: FailureCode): number {
  return CATALOGUE[code][0];
}

/** The text a player reads for a code. */
export function messageOf(code: FailureCode): string {
  return CATALOGUE[code][1];
}

/** Whether a code read off the wire is one of the catalogue's. */
export function isFailureCode(code: string): code is FailureCode {
  return Object.hasOwn(CATALOGUE, code);
}

/** Whether a code is one the single-player games answer with. */
export function isGameFailureCode(code: string): code is GameFailureCode {
  const namespace = code.slice(0, code.indexOf("/"));
  return isFailureCode(code) && (GAME_NAMESPACES as readonly string[]).includes(namespace);
}

/** Namespaces whose refusals carry their own text (a limit names its amount, period and end). */
const OWN_TEXT_NAMESPACES: readonly string[] = ["limits"];

/**
 * The failure of a code another layer refused with (the round service, a rule): its catalogue
 * status and text (a limit keeps its own text). A code outside the catalogue is a defect of the
 * server and answers `http/internal`.
 */
export function failureFromCode(code: string, message: string): Failure {
  if (!isFailureCode(code)) return failure("http/internal");
  const ownText = OWN_TEXT_NAMESPACES.includes(code.slice(0, code.indexOf("/")));
  return failure(code, ownText ? message : undefined);
}

/** A catalogue failure with another status than the catalogue's. */
export function makeFailure(status: number, code: FailureCode, message: string): Failure {
  return { ok: false, status, code, message };
}

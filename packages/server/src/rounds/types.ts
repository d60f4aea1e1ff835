/** What the games exchange with the round service: round records, rule callbacks and answers. */
import type { Currency } from "@casino/protocol";
import type { Kysely } from "kysely";
import type { Database, GameRoundsTable } from "../db/schema.ts";
import type { FairContext } from "../fairness/seeds.ts";
import type { Balances } from "../ledger/ledger.ts";

/** A round as the games see it; JSON columns parsed, money in micro-units. */
export interface RoundRecord {
  id: string;
  userId: string;
  gameType: string;
  currency: Currency;
  betAmount: number; // total stake, grows on double/split
  winAmount: number; // gross amount credited, 0 on a loss or while open
  status: "open" | "settled";
  seedId: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  input: unknown; // what the player chose
  state: unknown; // the rule's state while open (null for one-shot games)
  outcome: unknown; // the rule's outcome once settled (null while open)
  createdAt: number;
  updatedAt: number;
  settledAt: number | null;
}

/** A round still waiting for the player's actions (blackjack, hi-lo). */
export type OpenRound = RoundRecord & { status: "open"; settledAt: null };

/** A finished round with its outcome and payout. */
export type SettledRound = RoundRecord & { status: "settled"; settledAt: number };

/** A refusal a rule returns (invalid action, wrong phase); nothing is stored. */
export interface RuleError {
  code: string; // namespaced, e.g. "blackjack/cannot_split"
  message: string;
}

/** How a round ends: the gross win to credit (micro-units, 0 on a loss) and what happened. */
export interface Settlement {
  win: number;
  outcome: unknown;
}

/** A one-shot rule's verdict (dice, plinko, slots). */
export type Decision = Settlement | { error: RuleError };

/** A multi-step rule's first move: its state, settled at once when final (blackjack natural). */
export type Start = { state: unknown; settled?: Settlement } | { error: RuleError };

/** A multi-step rule's next move: new state and input, extra stake for double/split, or the end. */
export type Action =
  | { state: unknown; input: unknown; additionalStake?: number; settled?: Settlement }
  | { error: RuleError };

/** Every expected refusal of the round service. */
export type RoundFailure =
  | { ok: false; code: "bet/insufficient_balance"; message: string }
  | { ok: false; code: "round/already_open"; message: string }
  | { ok: false; code: "round/not_found"; message: string }
  | { ok: false; code: string; message: string }; // a rule's own RuleError

/** A round service answer: the round after the call and the player's balances, or a refusal (nothing changed). */
export type RoundResult<R extends RoundRecord = RoundRecord> =
  | { ok: true; round: R; balances: Balances }
  | RoundFailure;

/** A one-shot bet: the rule decides from the reserved fair context inside the transaction. */
export interface PlayRoundInput {
  userId: string;
  gameType: string;
  currency: Currency;
  stake: number; // micro-units, already checked against the bet limits
  input: unknown;
  decide: (fair: FairContext) => Decision;
  /** The stake was paid before (a free spin of a bought bonus): nothing is debited and `stake` may be 0. */
  prepaid?: boolean;
  /**
   * The round is the last work of its transaction (no statement after it): on PostgreSQL its settle
   * statement then commits in the same round trip (db/steps.ts fetchAllAndCommit).
   */
  endsTransaction?: boolean;
  /** Run inside the caller's transaction (idempotent requests); the caller must roll back on `ok: false`. */
  trx?: Kysely<Database>;
}

/** The opening of a multi-step round. */
export interface OpenRoundInput {
  userId: string;
  gameType: string;
  currency: Currency;
  stake: number;
  input: unknown;
  start: (fair: FairContext) => Start;
  /** Run inside the caller's transaction (idempotent requests); the caller must roll back on `ok: false`. */
  trx?: Kysely<Database>;
}

/** A player's action on their open round of a game. */
export interface ActOnRoundInput {
  userId: string;
  gameType: string;
  act: (round: OpenRound, fair: FairContext) => Action;
  /** Run inside the caller's transaction (idempotent requests); the caller must roll back on `ok: false`. */
  trx?: Kysely<Database>;
}

/** A history row (SPEC.md section 3) plus what is needed to re-verify the round. */
export interface HistoryRow {
  id: string;
  gameType: string;
  currency: Currency;
  betAmount: number;
  winAmount: number;
  status: "open" | "settled";
  serverSeedHash: string;
  serverSeed: string | null; // revealed only once the seed is no longer active
  clientSeed: string;
  nonce: number;
  input: unknown; // the player's choices (RoundInput), needed to re-verify the round
  outcome: unknown;
  createdAt: number;
  settledAt: number | null;
}

/** Parses a JSON column, keeping null as null. */
function parseJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

/** Turns a game_rounds row into a round record. */
export function toRoundRecord(row: GameRoundsTable): RoundRecord {
  return {
    id: row.id,
    userId: row.user_id,
    gameType: row.game_type,
    currency: row.currency,
    betAmount: Number(row.bet_amount),
    winAmount: Number(row.win_amount),
    status: row.status,
    seedId: row.seed_id,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
    input: parseJson(row.input),
    state: parseJson(row.state),
    outcome: parseJson(row.outcome),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    settledAt: row.settled_at === null ? null : Number(row.settled_at),
  };
}

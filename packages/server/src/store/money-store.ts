/**
 * The money store: every write and read the ledger and the round service make on balances, ledger
 * entries and round rows, named by what they mean. Each operation is transaction steps (db/steps.ts)
 * that run inside the caller's transaction. One implementation per database
 * (sqlite-money-store.ts, postgres-money-store.ts) decides how many statements an operation takes;
 * callers get the store with moneyStoreOf (select.ts) and never ask which database it is.
 */
import type { Currency, Failure } from "@casino/protocol";
import type { GameRoundsTable } from "../db/schema.ts";
import type { QueryBuilder, Steps } from "../db/steps.ts";
import type { FairContext } from "../fairness/seeds.ts";
import type { StakeTicket } from "../responsible/hooks.ts";

/** A balance per currency, in micro-units. */
export type Balances = Record<Currency, number>;

/** One leg of a transfer: a signed amount on one account. */
export interface Move {
  accountId: string;
  delta: number; // micro-units, negative = debit
  reason: string;
}

/** A money movement: moves on one currency that sum to zero. */
export interface TransferInput {
  kind: string; // bet, win, round, grant, deposit, withdraw, buy_in, cash_out, rake, ...
  userId?: string | null;
  roundId?: string | null;
  currency: Currency;
  moves: Move[];
}

/** The refusal of a guarded debit that would overdraw. */
export interface InsufficientFunds {
  ok: false;
  code: "ledger/insufficient_funds";
  message: string;
  accountId: string;
}

/** A transfer's answer: its ledger transaction id, or nothing moved because a debit was not covered. */
export type TransferResult = { ok: true; txId: string } | InsufficientFunds;

/** An admitted and debited stake with its round's fairness inputs. */
export interface PlacedStake {
  ok: true;
  ticket: StakeTicket;
  fair: FairContext;
}

/** A one-shot round its rule has decided: the row to store and the ledger moves of its stake and win. */
export interface DecidedRound {
  row: GameRoundsTable;
  moves: Move[]; // roundMoves: the stake to the round's house account, the win back
  house: string; // the round's house sub-account
  paid: number; // the stake debited now (0 for a prepaid free spin)
  win: number;
}

/** A one-shot round to settle after its stake was placed (or prepaid) and its rule decided. */
export interface OneShotSettlement extends DecidedRound {
  placed: PlacedStake | undefined; // undefined when nothing was debited (prepaid)
  endsTransaction: boolean; // no statement follows: the store may commit with its last one
}

/** A player's stake in one currency, in micro-units. */
export interface StakeRequest {
  userId: string;
  currency: Currency;
  stake: number;
}

/** A paid one-shot bet the store may settle at once, deciding it from a fair context it supplies. */
export interface QuickBet extends StakeRequest {
  /** The rule run on `fair`: the round to store, or undefined when the bet must be played the ordinary way. */
  decide: (fair: FairContext) => DecidedRound | undefined;
}

/** A settled one-shot round and the player's balances after it. */
export interface SettledBet {
  row: GameRoundsTable;
  balances: Balances;
}

/** A multi-step round's changed columns (stake, input, state, and once settled the outcome). */
export type RoundUpdate = Partial<
  Pick<
    GameRoundsTable,
    "bet_amount" | "input" | "state" | "updated_at" | "status" | "win_amount" | "outcome" | "settled_at"
  >
>;

/** The operations on money and rounds; every one runs inside the caller's transaction. */
export interface MoneyStore {
  /** Posts a balanced transfer, all or nothing: an uncovered guarded debit is refused and changes nothing. */
  postTransfer(q: QueryBuilder, input: TransferInput, now: number): Steps<TransferResult>;
  /** Posts a transfer whose debits are always covered, reading nothing back; a shortfall fails the transaction. */
  postCoveredTransfer(q: QueryBuilder, input: TransferInput, now: number): Steps<void>;
  /** Reads an account's balances (missing rows are zero). */
  readBalances(q: QueryBuilder, accountId: string): Steps<Balances>;
  /**
   * Settles a paid bet in the fewest statements or round trips when the store can read or guess the
   * player's next fair context; undefined when the bet must be played the ordinary way (nothing
   * written then).
   */
  playQuickBet(q: QueryBuilder, bet: QuickBet, now: number): Steps<SettledBet | undefined>;
  /**
   * Admits a stake under the player's limits, debits it under the non-negative guard and reserves
   * the next nonce. A limit's refusal comes back as a Failure (the caller rolls back); undefined
   * when the balance does not cover the stake (nothing changed).
   */
  placeStake(q: QueryBuilder, request: StakeRequest, now: number): Steps<PlacedStake | Failure | undefined>;
  /**
   * Settles a one-shot round: counts the stake and payout under the player's limits, stores the
   * round, credits the win, records the ledger transaction and moves the house's net change last;
   * returns the player's balances.
   */
  settleOneShot(q: QueryBuilder, settlement: OneShotSettlement, now: number): Steps<Balances>;
  /** The player's open round of a game, if any. */
  findOpenRound(q: QueryBuilder, userId: string, gameType: string): Steps<GameRoundsTable | undefined>;
  /** Stores a new open (or at once settled) round; false when the player already has one open in that game. */
  storeOpenRound(q: QueryBuilder, row: GameRoundsTable): Steps<boolean>;
  /** Locks and returns the player's open round of a game, so two actions on it run one after the other. */
  lockOpenRound(
    q: QueryBuilder,
    userId: string,
    gameType: string,
    now: number,
  ): Steps<GameRoundsTable | undefined>;
  /** The server seed a round drew from (undefined when the seed row is missing, a broken invariant). */
  readServerSeed(q: QueryBuilder, seedId: string): Steps<string | undefined>;
  /** Writes a multi-step round's changed columns. */
  updateRound(q: QueryBuilder, roundId: string, update: RoundUpdate): Steps<void>;
}

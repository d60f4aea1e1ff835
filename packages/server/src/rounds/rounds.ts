/**
 * The round service the games call: each call is one transaction that moves the stake, reserves
 * the nonce, runs the pure rule, stores the round and credits the win, or changes nothing. It
 * speaks to the money store of the transaction's database (store/money-store.ts), which decides
 * how many statements each step takes.
 */

import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import { createTimeOrderedId } from "../db/ids.ts";
import type { Database } from "../db/schema.ts";
import type { QueryBuilder, Steps } from "../db/steps.ts";
import { runSteps, runStepsIn } from "../db/transaction.ts";
import { type FairContext, reserveNonceSteps } from "../fairness/seeds.ts";
import { houseAccount } from "../ledger/accounts.ts";
import { chargeStakeSteps } from "../responsible/hooks.ts";
import type { DecidedRound } from "../store/money-store.ts";
import { moneyStoreOf } from "../store/select.ts";
import { assertAmount, creditWin, debitStake, INSUFFICIENT, newRoundRow, roundMoves } from "./round-rows.ts";
import {
  type ActOnRoundInput,
  type OpenRound,
  type OpenRoundInput,
  type PlayRoundInput,
  type RoundResult,
  type RuleError,
  type SettledRound,
  toRoundRecord,
} from "./types.ts";

/** Runs a one-shot rule on `fair` and builds the round it decided: its row and ledger moves, or the rule's refusal. */
function decideRound(
  input: PlayRoundInput,
  fair: FairContext,
  paid: number,
  now: number,
): DecidedRound | RuleError {
  const decision = input.decide(fair);
  if ("error" in decision) return decision.error;
  const win = decision.win;
  assertAmount("win", win, true);
  const row = newRoundRow(createTimeOrderedId(), input, fair, now, undefined, decision);
  const house = houseAccount(row.id);
  return { row, moves: roundMoves(input.userId, house, paid, win), house, paid, win };
}

/**
 * A one-shot round as steps, in the fewest statements the money store can: responsible-gaming
 * check, guarded stake debit and nonce (placeStake), the rule, then the settlement (round row, win
 * credit, one ledger transaction, the stake counted under the player's limits, the house's net
 * change last). A paid round that ends its transaction may first be offered to the store's quick
 * bet, which draws from a fair context it remembers.
 */
export function* playRoundSteps(
  q: QueryBuilder,
  input: PlayRoundInput,
  now = Date.now(),
): Steps<RoundResult<SettledRound>> {
  const prepaid = input.prepaid === true;
  assertAmount("stake", input.stake, prepaid);
  const { userId, currency, stake } = input;
  const paid = prepaid ? 0 : stake;
  const endsTransaction = input.endsTransaction === true;
  const store = moneyStoreOf(q);
  if (paid > 0 && endsTransaction) {
    const decide = (fair: FairContext) => {
      const decided = decideRound(input, fair, paid, now);
      return "row" in decided ? decided : undefined;
    };
    const quick = yield* store.playQuickBet(q, { userId, currency, stake, decide }, now);
    if (quick) return { ok: true, round: toRoundRecord(quick.row) as SettledRound, balances: quick.balances };
  }
  const placed = paid > 0 ? yield* store.placeStake(q, { userId, currency, stake: paid }, now) : undefined;
  if (placed && !placed.ok) return placed;
  if (paid > 0 && !placed) return INSUFFICIENT;
  const fair = placed ? placed.fair : yield* reserveNonceSteps(q, userId, now);
  const decided = decideRound(input, fair, paid, now);
  if (!("row" in decided)) return { ok: false, code: decided.code, message: decided.message };
  const balances = yield* store.settleOneShot(q, { ...decided, placed, endsTransaction }, now);
  return { ok: true, round: toRoundRecord(decided.row) as SettledRound, balances };
}

/**
 * Plays a one-shot bet (dice, plinko, slots) in one transaction. `decide` is the pure rule; it
 * runs inside the transaction and must not await. Refusals change nothing, not even the nonce.
 */
export function playRound(handle: DatabaseHandle, input: PlayRoundInput): Promise<RoundResult<SettledRound>> {
  return runRoundSteps(handle, input.trx, (q) => playRoundSteps(q, { ...input, endsTransaction: true }));
}

/** Opening a multi-step round as steps; settles at once when the start is already final. */
export function* openRoundSteps(
  q: QueryBuilder,
  input: OpenRoundInput,
  now = Date.now(),
): Steps<RoundResult> {
  assertAmount("stake", input.stake, false);
  const store = moneyStoreOf(q);
  if (yield* store.findOpenRound(q, input.userId, input.gameType)) {
    return { ok: false, code: "round/already_open", message: "Finish the game in progress first" };
  }
  const id = createTimeOrderedId();
  const refused = yield* chargeStakeSteps(q, input.userId, input.currency, input.stake, now);
  if (refused) return refused;
  if (!(yield* debitStake(q, input.userId, input.currency, id, input.stake, now))) return INSUFFICIENT;
  const fair = yield* reserveNonceSteps(q, input.userId, now);
  const start = input.start(fair);
  if ("error" in start) return { ok: false, code: start.error.code, message: start.error.message };
  if (start.settled) assertAmount("win", start.settled.win, true);
  const row = newRoundRow(id, input, fair, now, start.state, start.settled);
  // A concurrent second opening stores nothing (the unique index on open rounds).
  if (!(yield* store.storeOpenRound(q, row)))
    return { ok: false, code: "round/already_open", message: "Finish the game in progress first" };
  if (start.settled) yield* creditWin(q, input.userId, input.currency, id, start.settled.win, now);
  const balances = yield* store.readBalances(q, input.userId);
  return { ok: true, round: toRoundRecord(row), balances };
}

/**
 * Opens a multi-step round (blackjack, hi-lo): debits the stake, reserves the nonce and stores the
 * rule's state; at most one open round per user and game (`round/already_open`).
 */
export function openRound(handle: DatabaseHandle, input: OpenRoundInput): Promise<RoundResult> {
  return runRoundSteps(handle, input.trx, (q) => openRoundSteps(q, input));
}

/** An action on the open round as steps: lock, act, add stake, store or settle. */
export function* actOnRoundSteps(
  q: QueryBuilder,
  input: ActOnRoundInput,
  now = Date.now(),
): Steps<RoundResult> {
  const store = moneyStoreOf(q);
  const row = yield* store.lockOpenRound(q, input.userId, input.gameType, now);
  if (!row) return { ok: false, code: "round/not_found", message: "No game in progress" };
  const serverSeed = yield* store.readServerSeed(q, row.seed_id);
  if (serverSeed === undefined) throw new Error(`rounds: seed ${row.seed_id} of round ${row.id} is missing`);
  const round = toRoundRecord(row) as OpenRound;
  const fair: FairContext = {
    seedId: row.seed_id,
    serverSeed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: round.nonce,
  };
  const action = input.act(round, fair);
  if ("error" in action) return { ok: false, code: action.error.code, message: action.error.message };
  const extra = action.additionalStake ?? 0;
  if (extra !== 0) {
    assertAmount("additional stake", extra, false);
    const refused = yield* chargeStakeSteps(q, round.userId, round.currency, extra, now);
    if (refused) return refused;
    if (!(yield* debitStake(q, round.userId, round.currency, round.id, extra, now))) return INSUFFICIENT;
  }
  const settled = action.settled;
  if (settled) assertAmount("win", settled.win, true);
  const update = {
    bet_amount: round.betAmount + extra,
    input: JSON.stringify(action.input ?? null),
    state: action.state === undefined ? null : JSON.stringify(action.state),
    updated_at: now,
    ...(settled
      ? {
          status: "settled" as const,
          win_amount: settled.win,
          outcome: JSON.stringify(settled.outcome ?? null),
          settled_at: now,
        }
      : {}),
  };
  yield* store.updateRound(q, round.id, update);
  if (settled) yield* creditWin(q, round.userId, round.currency, round.id, settled.win, now);
  const balances = yield* store.readBalances(q, round.userId);
  return { ok: true, round: toRoundRecord({ ...row, ...update }), balances };
}

/**
 * Applies a player's action (hit, stand, double, split, guess, cash out) to their open round of a
 * game in one transaction; `additionalStake` is debited atomically or the action is refused.
 */
export function actOnRound(handle: DatabaseHandle, input: ActOnRoundInput): Promise<RoundResult> {
  return runRoundSteps(handle, input.trx, (q) => actOnRoundSteps(q, input));
}

/** One transaction for a round call: the caller's when it passes `trx` (idempotent requests), else a new one. */
function runRoundSteps<T>(
  handle: DatabaseHandle,
  trx: Kysely<Database> | undefined,
  body: (q: QueryBuilder) => Steps<T>,
): Promise<T> {
  return trx ? runStepsIn(trx, body) : runSteps(handle, body);
}

/**
 * The round service the games call: each call is one transaction that moves the stake, reserves
 * the nonce, runs the pure rule, stores the round and credits the win, or changes nothing.
 */

import { type Kysely, sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import { createTimeOrderedId } from "../db/ids.ts";
import { OPEN_STATUS } from "../db/literals.ts";
import { prepareByShape } from "../db/prepared.ts";
import type { Database, GameRoundsTable } from "../db/schema.ts";
import {
  fetchAll,
  fetchAllAndCommit,
  fetchFirst,
  type QueryBuilder,
  runWrite,
  runWriteUnread,
  type Steps,
} from "../db/steps.ts";
import { runSteps, runStepsIn } from "../db/transaction.ts";
import { dropGuess, rememberSeed, takeCachedSeed } from "../fairness/seed-cache.ts";
import { type FairContext, reserveNonceSteps } from "../fairness/seeds.ts";
import { houseAccount } from "../ledger/accounts.ts";
import {
  applyMovesSteps,
  type Balances,
  balancesSteps,
  fusedValues,
  isPostgres,
  netCredits,
  recordTransactionSteps,
  withCreditsAndRecord,
} from "../ledger/postings.ts";
import {
  chargeStakeSteps,
  countedStakeRow,
  countStakeStatement,
  creditPayoutSteps,
  settleStakeSteps,
} from "../responsible/hooks.ts";
import { playRoundInOneTrip, roundMoves } from "./one-trip-bet.ts";
import {
  assertAmount,
  creditWin,
  debitStake,
  INSUFFICIENT,
  insertOpenRoundQuery,
  insertRoundQuery,
  newRoundRow,
  openRoundRowSteps,
  roundSlots,
  roundSlotValues,
  roundValues,
} from "./round-rows.ts";
import { placeStakeSteps } from "./stake-and-nonce.ts";
import {
  type ActOnRoundInput,
  type OpenRound,
  type OpenRoundInput,
  type PlayRoundInput,
  type RoundResult,
  type SettledRound,
  toRoundRecord,
} from "./types.ts";

/**
 * A one-shot round as steps, in the fewest statements: responsible-gaming check, guarded stake
 * debit, nonce, rule, round row, win credit, one ledger transaction (bet and win entries), the
 * stake counted under the player's limits, and the house's net change last, on the round's house
 * sub-account, so that its row is locked only just before commit. On PostgreSQL the limits, the
 * debit and the nonce are one statement and everything after the rule another (which carries the
 * COMMIT when `endsTransaction`).
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
  const remembered = paid > 0 && endsTransaction && isPostgres(q) ? takeCachedSeed(q, userId) : undefined;
  if (remembered) {
    const played = yield* playRoundInOneTrip(q, input, remembered, now);
    if (played) return played;
    dropGuess(q, userId);
  }
  // The limits, the stake debit and the nonce: one statement on PostgreSQL.
  const placed = paid > 0 ? yield* placeStakeSteps(q, userId, currency, paid, now) : undefined;
  if (placed && !placed.ok) return placed;
  if (paid > 0 && !placed) return INSUFFICIENT;
  const ticket = placed?.ticket;
  const fair = placed ? placed.fair : yield* reserveNonceSteps(q, userId, now);
  const decision = input.decide(fair);
  if ("error" in decision) return { ok: false, code: decision.error.code, message: decision.error.message };
  const win = decision.win;
  assertAmount("win", win, true);
  const id = createTimeOrderedId();
  const row = newRoundRow(id, input, fair, now, undefined, decision);
  const house = houseAccount(id);
  const moves = roundMoves(userId, house, paid, win);
  if (ticket && isPostgres(q)) {
    const counted = countedStakeRow(ticket, win, now);
    const balances = yield* settleInOneStatement(q, row, moves, { counted, endsTransaction }, now);
    // A player without limits: the next bet may draw from this seed before any statement.
    if (!ticket.state && placed) rememberSeed(q, userId, placed.fair, now);
    return { ok: true, round: toRoundRecord(row) as SettledRound, balances };
  }
  if (ticket) yield* settleStakeSteps(q, ticket, win, now);
  else yield* creditPayoutSteps(q, userId, currency, win, now);
  if (win > 0 && isPostgres(q)) {
    const balances = yield* settleInOneStatement(q, row, moves, { counted: undefined, endsTransaction }, now);
    return { ok: true, round: toRoundRecord(row) as SettledRound, balances };
  }
  yield* runWrite(insertRoundQuery(q, row));
  if (win > 0) yield* applyMovesSteps(q, currency, [{ accountId: userId, delta: win, reason: "win" }], now);
  if (paid > 0 || win > 0) {
    yield* recordTransactionSteps(q, { kind: "round", userId, roundId: id, currency, moves }, now);
  }
  const balances = yield* balancesSteps(q, userId);
  // The house's net change last, on the round's sub-account: its row is locked only just before commit.
  yield* applyMovesSteps(q, currency, [{ accountId: house, delta: paid - win, reason: "round" }], now);
  return { ok: true, round: toRoundRecord(row) as SettledRound, balances };
}

/**
 * PostgreSQL: a settled round's row, credits, ledger rows, the stake counted under the player's
 * limits (`counted` 1, when the player has a responsible-gaming row) and the player's balances.
 */
const settleQuery = prepareByShape(
  (credits: number, entries: number, counted: number) => (q: QueryBuilder, p: Record<string, unknown>) => {
    const written = withCreditsAndRecord(q, p, credits, entries).with("stored", (db) =>
      db.insertInto("game_rounds").values(roundValues(roundSlots(p))),
    );
    return (counted ? written.with("counted", (db) => countStakeStatement(db, p)) : written)
      .selectFrom("credited")
      .select([sql<string>`'credited'`.as("source"), "currency", "balance"])
      .where("account_id", "=", p.userId as string)
      .unionAll((db) =>
        db
          .selectFrom("balances")
          .select([sql<string>`'before'`.as("source"), "currency", "balance"])
          .where("account_id", "=", p.userId as string),
      );
  },
);

/**
 * PostgreSQL: stores the round, credits the win and the house's net change (rows locked in
 * postings' order), records the ledger transaction and reads the player's balances, all in one
 * statement, the house row last and just before commit. The stake debit and the nonce were
 * written before it, as withCreditsAndRecord requires.
 */
function* settleInOneStatement(
  q: QueryBuilder,
  row: GameRoundsTable,
  moves: { accountId: string; delta: number; reason: string }[],
  settle: { counted: ReturnType<typeof countedStakeRow>; endsTransaction: boolean },
  now: number,
): Steps<Balances> {
  const input = { kind: "round", userId: row.user_id, roundId: row.id, currency: row.currency, moves };
  const credits = netCredits(moves);
  const entries = moves.filter((m) => m.delta !== 0);
  const values = {
    ...fusedValues(createTimeOrderedId(), input, credits, entries, now),
    ...roundSlotValues(row),
  };
  const { counted } = settle;
  if (counted) {
    values.countedState = counted.state;
    values.countedListedUntil = counted.listedUntil;
  }
  const statement = settleQuery(credits.length, entries.length, counted ? 1 : 0)(q, values);
  const rows = yield* settle.endsTransaction ? fetchAllAndCommit(statement) : fetchAll(statement);
  const balances: Balances = { HC: 0, AMINA: 0 };
  // The statement's own snapshot shows balances before its credits; the credited rows override them.
  for (const r of rows as { source: string; currency: keyof Balances; balance: number }[])
    if (r.source === "before") balances[r.currency] = Number(r.balance);
  for (const r of rows as { source: string; currency: keyof Balances; balance: number }[])
    if (r.source === "credited") balances[r.currency] = Number(r.balance);
  return balances;
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
  if (yield* openRoundRowSteps(q, input.userId, input.gameType)) {
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
  // The unique index on open rounds turns a concurrent second opening into zero inserted rows.
  const inserted = yield* runWrite(insertOpenRoundQuery(q, row));
  if (inserted === 0)
    return { ok: false, code: "round/already_open", message: "Finish the game in progress first" };
  if (start.settled) yield* creditWin(q, input.userId, input.currency, id, start.settled.win, now);
  const balances = yield* balancesSteps(q, input.userId);
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
  // Touching the row first locks it on PostgreSQL, so two actions on one hand run one after the other.
  const row = yield* fetchFirst(
    q
      .updateTable("game_rounds")
      .set({ updated_at: now })
      .where("user_id", "=", input.userId)
      .where("game_type", "=", input.gameType)
      .where("status", "=", OPEN_STATUS)
      .returningAll(),
  );
  if (!row) return { ok: false, code: "round/not_found", message: "No game in progress" };
  const seed = yield* fetchFirst(
    q.selectFrom("fair_seeds").select("server_seed").where("id", "=", row.seed_id),
  );
  if (!seed) throw new Error(`rounds: seed ${row.seed_id} of round ${row.id} is missing`);
  const round = toRoundRecord(row) as OpenRound;
  const fair: FairContext = {
    seedId: row.seed_id,
    serverSeed: seed.server_seed,
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
  yield* runWriteUnread(q.updateTable("game_rounds").set(update).where("id", "=", round.id));
  if (settled) yield* creditWin(q, round.userId, round.currency, round.id, settled.win, now);
  const balances = yield* balancesSteps(q, round.userId);
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

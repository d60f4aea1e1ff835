/** The round service's building blocks: stake and win transfers, round rows and their statements. */
import type { Currency } from "@casino/protocol";
import { OPEN_STATUS } from "../db/literals.ts";
import { prepareQuery } from "../db/prepared.ts";
import type { GameRoundsTable } from "../db/schema.ts";
import { fetchFirst, type QueryBuilder } from "../db/steps.ts";
import type { FairContext } from "../fairness/seeds.ts";
import { houseAccount } from "../ledger/accounts.ts";
import { transferSteps } from "../ledger/postings.ts";
import { creditPayoutSteps } from "../responsible/hooks.ts";
import type { RoundFailure, Settlement } from "./types.ts";

/** The refusal every game shows when the stake is not covered (SPEC.md section 8). */
export const INSUFFICIENT: RoundFailure = {
  ok: false,
  code: "bet/insufficient_balance",
  message: "Insufficient balance!",
};

/** Stakes and wins are positive (non-negative) safe integers; anything else is a bug in a game. */
export function assertAmount(what: string, amount: number, allowZero: boolean): void {
  if (!Number.isSafeInteger(amount) || amount < (allowZero ? 0 : 1))
    throw new Error(`rounds: bad ${what} ${amount}`);
}

/** Moves a stake from the player to the round's house sub-account; false when the balance does not cover it. */
export function* debitStake(
  q: QueryBuilder,
  userId: string,
  currency: Currency,
  roundId: string,
  stake: number,
  now: number,
) {
  const result = yield* transferSteps(
    q,
    {
      kind: "bet",
      userId,
      roundId,
      currency,
      moves: [
        { accountId: userId, delta: -stake, reason: "bet" },
        { accountId: houseAccount(roundId), delta: stake, reason: "bet" },
      ],
    },
    now,
  );
  return result.ok;
}

/** Pays a gross win from the round's house sub-account to the player (nothing on a loss). */
export function* creditWin(
  q: QueryBuilder,
  userId: string,
  currency: Currency,
  roundId: string,
  win: number,
  now: number,
) {
  if (win === 0) return;
  yield* creditPayoutSteps(q, userId, currency, win, now);
  const result = yield* transferSteps(
    q,
    {
      kind: "win",
      userId,
      roundId,
      currency,
      moves: [
        { accountId: houseAccount(roundId), delta: -win, reason: "win" },
        { accountId: userId, delta: win, reason: "win" },
      ],
    },
    now,
  );
  if (!result.ok) throw new Error("rounds: the house account cannot refuse a payout");
}

/** The new game_rounds row of a round opened (or played) now. */
export function newRoundRow(
  id: string,
  input: { userId: string; gameType: string; currency: Currency; stake: number; input: unknown },
  fair: FairContext,
  now: number,
  state: unknown,
  settled: Settlement | undefined,
): GameRoundsTable {
  return {
    id,
    user_id: input.userId,
    game_type: input.gameType,
    currency: input.currency,
    bet_amount: input.stake,
    win_amount: settled?.win ?? 0,
    status: settled ? "settled" : "open",
    seed_id: fair.seedId,
    server_seed_hash: fair.serverSeedHash,
    client_seed: fair.clientSeed,
    nonce: fair.nonce,
    input: JSON.stringify(input.input ?? null),
    state: state === undefined ? null : JSON.stringify(state),
    outcome: settled ? JSON.stringify(settled.outcome ?? null) : null,
    created_at: now,
    updated_at: now,
    settled_at: settled ? now : null,
  };
}

/** Every column of a round row, named one by one: a template's placeholders have no keys to enumerate. */
export function roundValues(p: GameRoundsTable): GameRoundsTable {
  return {
    id: p.id,
    user_id: p.user_id,
    game_type: p.game_type,
    currency: p.currency,
    bet_amount: p.bet_amount,
    win_amount: p.win_amount,
    status: p.status,
    seed_id: p.seed_id,
    server_seed_hash: p.server_seed_hash,
    client_seed: p.client_seed,
    nonce: p.nonce,
    input: p.input,
    state: p.state,
    outcome: p.outcome,
    created_at: p.created_at,
    updated_at: p.updated_at,
    settled_at: p.settled_at,
  };
}

/** A round row whose columns are a template's `row_<column>` slots. */
export function roundSlots(p: Record<string, unknown>): GameRoundsTable {
  return new Proxy({} as GameRoundsTable, { get: (_target, column) => p[`row_${String(column)}`] });
}

/** A round row's columns as the values of roundSlots' `row_<column>` slots. */
export function roundSlotValues(row: GameRoundsTable): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [`row_${column}`, value]));
}

/** Stores a new round row. */
export const insertRoundQuery = prepareQuery((q, p: GameRoundsTable) =>
  q.insertInto("game_rounds").values(roundValues(p)),
);

/** Stores a new open round unless the user already has one in that game (unique index). */
export const insertOpenRoundQuery = prepareQuery((q, p: GameRoundsTable) =>
  q
    .insertInto("game_rounds")
    .values(roundValues(p))
    .onConflict((oc) => oc.doNothing()),
);

/** The open round of a user in a game, as steps. */
export function* openRoundRowSteps(q: QueryBuilder, userId: string, gameType: string) {
  return yield* fetchFirst(
    q
      .selectFrom("game_rounds")
      .selectAll()
      .where("user_id", "=", userId)
      .where("game_type", "=", gameType)
      .where("status", "=", OPEN_STATUS),
  );
}

/** The round service's building blocks: stake and win transfers, new round rows and their ledger moves. */
import type { Currency } from "@casino/protocol";
import type { GameRoundsTable } from "../db/schema.ts";
import type { QueryBuilder } from "../db/steps.ts";
import type { FairContext } from "../fairness/seeds.ts";
import { houseAccount } from "../ledger/accounts.ts";
import { type Move, transferSteps } from "../ledger/postings.ts";
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

/** A one-shot round's ledger moves: the stake to the round's house account, the win back. */
export function roundMoves(userId: string, house: string, paid: number, win: number): Move[] {
  const moves = [
    { accountId: userId, delta: -paid, reason: "bet" },
    { accountId: house, delta: paid, reason: "bet" },
  ];
  if (win > 0) {
    moves.push(
      { accountId: house, delta: -win, reason: "win" },
      { accountId: userId, delta: win, reason: "win" },
    );
  }
  return moves;
}

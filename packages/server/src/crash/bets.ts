/**
 * A player's crash bet is an ordinary multi-step round of the round service (game "crash"): the
 * bet opens it (the responsible-gaming gate, the stake debit and the round row in one
 * transaction), and a cash-out, the crash or a voided flight settles it. Settling acts only on an
 * open round of the same flight, so nothing is ever settled twice.
 */
import type { Currency } from "@casino/protocol";
import { cashOutPayout } from "@casino/protocol/games/crash/payout";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import { OPEN_STATUS } from "../db/literals.ts";
import type { Database } from "../db/schema.ts";
import { fetchAll, type QueryBuilder, type Steps } from "../db/steps.ts";
import { actOnRound, actOnRoundSteps, openRound, openRoundSteps } from "../rounds/rounds.ts";
import {
  type ActOnRoundInput,
  type OpenRound,
  type OpenRoundInput,
  type RoundRecord,
  type RoundResult,
  toRoundRecord,
} from "../rounds/types.ts";

/** The game type of crash bets in game_rounds and /history. */
export const CRASH_GAME = "crash";

/** What a crash bet's round stores as its input and state: the flight and the auto cash-out target. */
export interface CrashBetState {
  game: "crash";
  round: number;
  autoCashOut: number | null; // hundredths
}

/** How a crash bet ended, stored as the round's outcome. */
export type CrashBetOutcome =
  | { round: number; result: "cashed_out"; cashedOutAt: number }
  | { round: number; result: "lost"; crashPoint: number }
  | { round: number; result: "void" };

/** A player's bet on flight `round`. */
export interface CrashBet {
  userId: string;
  currency: Currency;
  stake: number;
  round: number;
  autoCashOut: number | null;
}

/** The round service's opening of a crash bet. */
function crashBetOpening(bet: CrashBet): OpenRoundInput {
  const state: CrashBetState = { game: "crash", round: bet.round, autoCashOut: bet.autoCashOut };
  return {
    userId: bet.userId,
    gameType: CRASH_GAME,
    currency: bet.currency,
    stake: bet.stake,
    input: state,
    start: () => ({ state }),
  };
}

/** Opens a player's bet on a flight: the stake through the gate and the ledger, or a refusal. */
export function openCrashBet(
  handle: DatabaseHandle,
  bet: CrashBet,
  trx?: Kysely<Database>,
): Promise<RoundResult> {
  return openRound(handle, { ...crashBetOpening(bet), ...(trx ? { trx } : {}) });
}

/** openCrashBet as steps of a transaction the caller runs (a batch of the flight's writes). */
export function openCrashBetSteps(q: QueryBuilder, bet: CrashBet): Steps<RoundResult> {
  return openRoundSteps(q, crashBetOpening(bet));
}

/** How a settlement pays a bet of the flight: its gross win and outcome. */
export type Settle = (round: OpenRound) => { win: number; outcome: CrashBetOutcome };

/** The round service's action settling the player's open bet on flight `round`. */
function crashBetSettling(userId: string, round: number, settle: Settle): ActOnRoundInput {
  return {
    userId,
    gameType: CRASH_GAME,
    act: (open) => {
      const state = open.state as CrashBetState;
      if (state.round !== round)
        return { error: { code: "crash/no_bet", message: "You have no bet in this flight" } };
      const settled = settle(open);
      return { state, input: open.input, settled };
    },
  };
}

/** Settles the player's open bet on flight `round` (refused when it is not open any more). */
export function settleCrashBet(
  handle: DatabaseHandle,
  userId: string,
  round: number,
  settle: Settle,
  trx?: Kysely<Database>,
): Promise<RoundResult> {
  return actOnRound(handle, { ...crashBetSettling(userId, round, settle), ...(trx ? { trx } : {}) });
}

/** settleCrashBet as steps of a transaction the caller runs (a batch of the flight's writes). */
export function settleCrashBetSteps(
  q: QueryBuilder,
  userId: string,
  round: number,
  settle: Settle,
): Steps<RoundResult> {
  return actOnRoundSteps(q, crashBetSettling(userId, round, settle));
}

/** A cash-out at `at` hundredths: the stake times the multiplier, rounded down. */
export function cashedOutAt(round: number, at: number): Settle {
  return (open) => ({
    win: cashOutPayout(open.betAmount, at),
    outcome: { round, result: "cashed_out", cashedOutAt: at },
  });
}

/** A bet still in when the flight crashed: nothing paid. */
export function lostAt(round: number, crashPoint: number): Settle {
  return () => ({ win: 0, outcome: { round, result: "lost", crashPoint } });
}

/** The bets a bulk loss settlement closed. */
export interface LostBets {
  ok: true;
  rounds: RoundRecord[];
}

/**
 * Settles the bets `betIds` of flight `round` as lost in one statement, as the round service
 * settles a lost round (nothing paid, so no money moves: the stake stays with the round's house
 * account; status, outcome and settlement time written). Only bets still open are touched, so one
 * cashed out meanwhile is never settled twice. Answers the rounds it closed.
 */
export function* settleLostBetsSteps(
  q: QueryBuilder,
  betIds: readonly string[],
  round: number,
  crashPoint: number,
  now = Date.now(),
): Steps<LostBets> {
  const outcome: CrashBetOutcome = { round, result: "lost", crashPoint };
  const rows = yield* fetchAll(
    q
      .updateTable("game_rounds")
      .set({
        status: "settled",
        win_amount: 0,
        outcome: JSON.stringify(outcome),
        settled_at: now,
        updated_at: now,
      })
      .where("id", "in", [...betIds])
      .where("game_type", "=", CRASH_GAME)
      .where("status", "=", OPEN_STATUS)
      .returningAll(),
  );
  return { ok: true, rounds: rows.map(toRoundRecord) };
}

/** A bet of a voided flight: the stake back. */
export function refunded(round: number): Settle {
  return (open) => ({ win: open.betAmount, outcome: { round, result: "void" } });
}

/** The open crash bets in a currency (after a restart: bets of a flight that never finished). */
export async function listOpenCrashBets(handle: DatabaseHandle, currency: Currency): Promise<OpenRound[]> {
  const rows = await handle.db
    .selectFrom("game_rounds")
    .selectAll()
    .where("game_type", "=", CRASH_GAME)
    .where("currency", "=", currency)
    .where("status", "=", OPEN_STATUS)
    .execute();
  return rows.map((row) => toRoundRecord(row) as OpenRound);
}

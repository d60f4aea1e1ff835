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
import { actOnRound, openRound } from "../rounds/rounds.ts";
import { type OpenRound, type RoundResult, toRoundRecord } from "../rounds/types.ts";

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

/** Opens a player's bet on a flight: the stake through the gate and the ledger, or a refusal. */
export function openCrashBet(
  handle: DatabaseHandle,
  bet: { userId: string; currency: Currency; stake: number; round: number; autoCashOut: number | null },
  trx?: Kysely<Database>,
): Promise<RoundResult> {
  const state: CrashBetState = { game: "crash", round: bet.round, autoCashOut: bet.autoCashOut };
  return openRound(handle, {
    userId: bet.userId,
    gameType: CRASH_GAME,
    currency: bet.currency,
    stake: bet.stake,
    input: state,
    start: () => ({ state }),
    ...(trx ? { trx } : {}),
  });
}

/** How a settlement pays a bet of the flight: its gross win and outcome. */
export type Settle = (round: OpenRound) => { win: number; outcome: CrashBetOutcome };

/** Settles the player's open bet on flight `round` (refused when it is not open any more). */
export function settleCrashBet(
  handle: DatabaseHandle,
  userId: string,
  round: number,
  settle: Settle,
  trx?: Kysely<Database>,
): Promise<RoundResult> {
  return actOnRound(handle, {
    userId,
    gameType: CRASH_GAME,
    act: (open) => {
      const state = open.state as CrashBetState;
      if (state.round !== round)
        return { error: { code: "crash/no_bet", message: "You have no bet in this flight" } };
      const settled = settle(open);
      return { state, input: open.input, settled };
    },
    ...(trx ? { trx } : {}),
  });
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

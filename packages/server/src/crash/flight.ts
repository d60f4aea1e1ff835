/**
 * The flight's arithmetic and its fenced writes: the multiplier reached at a moment, the one a
 * manual cash-out is paid at (the server's clock at the request's arrival, never past the crash,
 * the auto target or the cap point), and the round row marked flying and crashed only by the host
 * whose lease epoch wrote it.
 */
import type { Currency } from "@casino/protocol";
import { crashTimeOf, multiplierAt } from "@casino/protocol/games/crash/flight";
import type { DatabaseHandle } from "../db/connect.ts";
import { crashDb } from "./tables.ts";

/** The multiplier reached `elapsed` ms into a flight that crashes at `crashPoint` (hundredths). */
export function reachedAt(elapsed: number, crashPoint: number): number {
  return elapsed >= crashTimeOf(crashPoint) ? crashPoint : multiplierAt(elapsed);
}

/** The multiplier a manual cash-out arriving `elapsed` ms into the flight is paid at, or undefined once crashed. */
export function manualCashOutAt(
  elapsed: number,
  crashPoint: number,
  autoCashOut: number | null,
  capPoint: number,
): number | undefined {
  if (elapsed >= crashTimeOf(crashPoint)) return undefined;
  let at = multiplierAt(elapsed);
  if (autoCashOut !== null && autoCashOut < at) at = autoCashOut;
  if (at > capPoint) at = capPoint;
  return at;
}

/** Which round of which host a fenced write is about. */
export interface RoundKey {
  currency: Currency;
  number: number;
  epoch: number;
}

/** Marks the round flying from `startedAt`; the rows updated (0 once a newer host owns the round). */
export async function markFlying(
  handle: DatabaseHandle,
  key: RoundKey,
  startedAt: number,
): Promise<bigint | undefined> {
  const started = await crashDb(handle.db)
    .updateTable("crash_rounds")
    .set({ status: "flying", started_at: startedAt })
    .where("currency", "=", key.currency)
    .where("number", "=", key.number)
    .where("host_epoch", "=", key.epoch)
    .executeTakeFirst();
  return started.numUpdatedRows;
}

/** Marks the round crashed and reveals its hash; the rows updated (0 once a newer host owns the round). */
export async function markCrashed(
  handle: DatabaseHandle,
  key: RoundKey,
  end: { endedAt: number; crashPoint: number; endPoint: number; hash: string },
): Promise<bigint | undefined> {
  const ended = await crashDb(handle.db)
    .updateTable("crash_rounds")
    .set({
      status: "crashed",
      ended_at: end.endedAt,
      crash_point: end.crashPoint,
      end_point: end.endPoint,
      hash: end.hash,
    })
    .where("currency", "=", key.currency)
    .where("number", "=", key.number)
    .where("host_epoch", "=", key.epoch)
    .executeTakeFirst();
  return ended.numUpdatedRows;
}

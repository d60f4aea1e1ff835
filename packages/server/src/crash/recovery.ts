/**
 * What a new host of a currency's rounds does first: bets of a flight that crashed are settled as
 * losses, bets of a flight that never finished are refunded (cashed-out bets are already settled
 * and stay so), and the unfinished round is voided with its hash revealed, so the next round takes
 * the next hash. Only rounds of older lease epochs are touched; each bet is settled once.
 */
import type { Currency } from "@casino/protocol";
import type { CrashResult } from "@casino/protocol/games/crash/schemas";
import type { DatabaseHandle } from "../db/connect.ts";
import type { RoundRecord } from "../rounds/types.ts";
import { listOpenCrashBets, lostAt, refunded, settleCrashBet } from "./bets.ts";
import { roundHashOf } from "./chain-store.ts";
import { crashDb } from "./tables.ts";

/** Settles the open bets and closes the unfinished rounds left by hosts before epoch `epoch`. */
export async function settleLeftovers(
  handle: DatabaseHandle,
  currency: Currency,
  epoch: number,
  now: number,
  observe?: (round: RoundRecord) => void,
): Promise<void> {
  const db = crashDb(handle.db);
  const rounds = await db
    .selectFrom("crash_rounds")
    .selectAll()
    .where("currency", "=", currency)
    .where("status", "in", ["betting", "flying", "crashed"])
    .where("host_epoch", "<", epoch)
    .execute();
  const byNumber = new Map(rounds.map((r) => [Number(r.number), r]));
  for (const bet of await listOpenCrashBets(handle, currency)) {
    const round = (bet.state as { round: number }).round;
    const row = byNumber.get(round);
    const settle =
      row?.status === "crashed" && row.crash_point !== null
        ? lostAt(round, Number(row.crash_point))
        : refunded(round);
    const result = await settleCrashBet(handle, bet.userId, round, settle);
    if (result.ok) observe?.(result.round);
  }
  for (const row of rounds) {
    const number = Number(row.number);
    const hash = row.hash ?? (await roundHashOf(handle, currency, number));
    await db
      .updateTable("crash_rounds")
      .set({ status: row.status === "crashed" ? "crashed" : "void", hash, ended_at: row.ended_at ?? now })
      .where("currency", "=", currency)
      .where("number", "=", number)
      .execute();
  }
}

/** The last `limit` crash points of a currency, newest first, for the recent list. */
export async function readRecentResults(
  handle: DatabaseHandle,
  currency: Currency,
  limit: number,
): Promise<CrashResult[]> {
  const rows = await crashDb(handle.db)
    .selectFrom("crash_rounds")
    .select(["number", "crash_point", "hash", "ended_at"])
    .where("currency", "=", currency)
    .where("status", "=", "crashed")
    .orderBy("number", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    number: Number(r.number),
    crashPoint: Number(r.crash_point),
    hash: r.hash ?? "",
    endedAt: Number(r.ended_at),
  }));
}

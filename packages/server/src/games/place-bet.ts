/**
 * POST /api/crypto/place-bet, the seed client's report of a finished round (sent on a Hi-Lo loss).
 * The server decided and settled that round itself, so the report moves no money: it is accepted
 * only when it agrees with the player's last settled round of that game, and a report that claims
 * anything else (a forged win) is refused and recorded as a high-severity security event.
 */
import { type HiloState, type PlaceBetResult, unitsToCoins } from "@casino/protocol";
import type { PlaceBetBody } from "@casino/protocol/schemas/crypto-bets";
import { getBalances } from "../ledger/ledger.ts";
import { findLastRound } from "../rounds/history.ts";
import type { RoundRecord } from "../rounds/types.ts";
import { gameFailure } from "./failures.ts";
import {
  type Accepted,
  answer,
  balanceFields,
  type GameReply,
  type Player,
  reportPlayer,
  roundInfo,
} from "./replies.ts";
import type { GameRuntime } from "./runtime.ts";

/** The result of a settled round as the server decided it. */
function serverResult(round: RoundRecord) {
  const streak = round.gameType === "hilo" ? (round.outcome as HiloState | null)?.streak : undefined;
  return { isWin: round.winAmount > 0, winAmount: unitsToCoins(round.winAmount), streak };
}

/** Where a report disagrees with the round, or undefined when it agrees. */
function findDisagreement(report: PlaceBetBody, round: RoundRecord): string | undefined {
  const server = serverResult(round);
  if (report.gameResult.isWin !== server.isWin) return `isWin ${report.gameResult.isWin} vs ${server.isWin}`;
  if (report.gameResult.winAmount !== round.winAmount)
    return `winAmount ${unitsToCoins(report.gameResult.winAmount)} vs ${server.winAmount}`;
  if (report.currency !== round.currency) return `currency ${report.currency} vs ${round.currency}`;
  const input = round.input as { stake?: number } | null;
  if (input?.stake !== undefined && report.betAmount !== input.stake)
    return "betAmount differs from the stake";
  const streak = report.gameResult.streak;
  if (streak !== undefined && server.streak !== undefined && streak !== server.streak)
    return `streak ${streak} vs ${server.streak}`;
  return undefined;
}

/** Checks a reported result against the server's own last settled round of that game. */
export async function checkReportedResult(
  runtime: GameRuntime,
  player: Player,
  report: PlaceBetBody,
): Promise<GameReply> {
  const { db } = runtime.services.handle;
  const round = await findLastRound(db, player.userId, report.gameType);
  const settled = round?.status === "settled" ? round : undefined;
  const disagreement = settled ? findDisagreement(report, settled) : "no settled round of this game";
  if (!settled || disagreement) {
    reportPlayer(runtime.services, player, {
      type: "forged_result",
      severity: "high",
      details: `${report.gameType} result reported that the server did not decide: ${disagreement}`,
      rule: settled ? "bet/result_mismatch" : "bet/no_round",
    });
    return gameFailure(settled ? "bet/result_mismatch" : "bet/no_round");
  }
  return answer({
    success: true,
    verified: true,
    gameType: report.gameType,
    gameResult: serverResult(settled),
    round: roundInfo(settled),
    ...balanceFields(await getBalances(db, player.userId)),
  } satisfies Accepted<PlaceBetResult>);
}

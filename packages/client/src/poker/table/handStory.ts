/**
 * The table log's story of a hand, told from the hand's engine events by the same writer as the
 * downloadable hand history (protocol poker/history.ts): seats, antes and blinds, the viewer's own
 * cards, every action with its amount, the streets, shows and who collected what. The history's
 * header and summary are left out; the lines between them are the history's own, line for line.
 */
import type { TableEvent } from "@casino/protocol";
import { exportHandHistory } from "@casino/protocol/poker/history";

/** Where the hand history's summary starts: the log stops before it. */
const SUMMARY = "*** SUMMARY ***";
/** The history's header lines (hand and table) that the log leaves out. */
const HEADER_LINES = 2;

/** The seat the viewer had in the hand, or null when they watched it. */
export function findViewerSeat(events: readonly TableEvent[], viewerId: string | null): number | null {
  const started = events.find((e) => e.type === "hand_started");
  if (started?.type !== "hand_started" || !viewerId) return null;
  return started.players.find((p) => p.playerId === viewerId)?.seat ?? null;
}

/** The hand's story so far, one line per event the history prints (empty before the deal). */
export function tellHand(
  events: readonly TableEvent[],
  table: { name: string; maxPlayers: number; currency: string },
  viewerId: string | null,
): string[] {
  if (!events.some((e) => e.type === "hand_started")) return [];
  const text = exportHandHistory(events, {
    tableName: table.name,
    maxPlayers: table.maxPlayers,
    startedAt: 0,
    heroSeat: findViewerSeat(events, viewerId),
    // Play money prints bare chips; the log counts chips at every table.
    currency: "HC",
  });
  const lines = text.trimEnd().split("\n").slice(HEADER_LINES);
  const end = lines.indexOf(SUMMARY);
  return end < 0 ? lines : lines.slice(0, end);
}

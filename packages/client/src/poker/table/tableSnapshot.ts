/**
 * The table as the screen draws it: one plain snapshot (protocol's TableSnapshot) read either from
 * the room's synced state (PokerTableState after toJSON) or from GET /api/poker/tables/{id}, so
 * both paths render alike, plus the questions the screen asks of it. Chips are whole chips;
 * buy-ins are in coins.
 */
import {
  type LegalSnap,
  NO_LEGAL_ACTIONS,
  type PlayerSnap,
  roundCoinAmount,
  snapshotOfView,
  type TableSnapshot,
  tableSnapshotSchema,
} from "@casino/protocol/schemas/poker-snapshot";
import type { ViewerTableView } from "@casino/protocol/schemas/poker-view";

export { type LegalSnap, NO_LEGAL_ACTIONS, type PlayerSnap, type TableSnapshot };

/** A card face: rank "2".."10", "J", "Q", "K", "A" and a suit name. */
export type CardSnap = PlayerSnap["holeCards"][number];

/** A pot and who can win it. */
export type PotSnap = TableSnapshot["pots"][number];

/** One winner's share of one pot of the last hand. */
export type WinnerSnap = TableSnapshot["winners"][number];

/** A coin amount of the room state rounded back to the 6 decimals money has (32-bit floats). */
export const readCoinAmount = roundCoinAmount;

/** The room's synced state (after toJSON) as a snapshot. */
export function readRoomState(json: unknown): TableSnapshot {
  return tableSnapshotSchema.parse(json ?? {});
}

/** A REST table view (parsed by getTable) as a snapshot: the same fields, the last hand flattened. */
export function readRestTable(view: ViewerTableView): TableSnapshot {
  return snapshotOfView(view);
}

/** The viewer's own player, or null when watching. */
export function findMyPlayer(snapshot: TableSnapshot, userId: string | null): PlayerSnap | null {
  if (!userId) return null;
  return snapshot.players.find((p) => p.userId === userId) ?? null;
}

/** Whether it is the viewer's turn, with the legal options belonging to their seat. */
export function isMyTurn(snapshot: TableSnapshot, me: PlayerSnap | null): boolean {
  return (
    me !== null && snapshot.toActSeat === me.seatPosition && snapshot.legalActions.seat === me.seatPosition
  );
}

/** SPEC.md section 4: Start Hand only while waiting with two or more players seated. */
export function canOfferStartHand(snapshot: TableSnapshot, me: PlayerSnap | null): boolean {
  return me !== null && snapshot.gamePhase === "waiting" && snapshot.players.length >= 2;
}

/** The name a seat shows: the bot's name for bots, else the display name. */
export function nameOfPlayer(player: PlayerSnap): string {
  return (player.isBot && player.botName) || player.displayName || `Seat ${player.seatPosition + 1}`;
}

/** Whether the last hand is over and its result is still on the table (before the next deal). */
export function isShowingResult(snapshot: TableSnapshot): boolean {
  return snapshot.gamePhase === "waiting" && snapshot.winners.length > 0;
}

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

/**
 * `next` with the hand's actions this client has seen: the room state carries only the table's
 * latest action, so each snapshot adds it to the list kept since the hand began (when its `seq` is
 * new). Called for every room state patch in order, so no action is missed, even when React draws
 * several patches at once.
 */
export function withSeenActions(prev: TableSnapshot | null, next: TableSnapshot): TableSnapshot {
  const sameHand = prev !== null && prev.id === next.id && prev.handNumber === next.handNumber;
  const seen = sameHand ? prev.handActions : [];
  const latest = next.lastHandAction;
  const isNew = prev !== null && latest.seat >= 0 && latest.seq !== prev.lastHandAction.seq;
  return { ...next, handActions: isNew ? [...seen, latest] : seen };
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

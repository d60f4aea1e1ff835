/**
 * What the table log says between the hand's own lines: players taking and leaving seats, and the
 * viewer's turn. A diff of two synced snapshots of the same table; a snapshot not yet synced (no
 * table id) says nothing, so opening or reconnecting to a table never reads as everyone leaving.
 */
import { nameOfPlayer, type TableSnapshot } from "./tableSnapshot.ts";

/** What the viewer may do on their turn, in words. */
function describeTurn(next: TableSnapshot): string {
  const legal = next.legalActions;
  const options = [
    legal.canCheck ? "check" : null,
    legal.canCall ? `call ${legal.callAmount}` : null,
    legal.canBet ? "bet" : null,
    legal.canRaise ? "raise" : null,
    legal.canAllIn ? "go all-in" : null,
    legal.canFold ? "fold" : null,
  ].filter((x): x is string => x !== null);
  return `Your turn: ${options.join(", ")}`;
}

/** Whether a snapshot holds a synced table (the room's first state can be still empty). */
export function isSynced(snapshot: TableSnapshot | null): snapshot is TableSnapshot {
  return snapshot !== null && snapshot.id !== "";
}

/** The seat and turn news from `prev` to `next` for the viewer `myUserId`. */
export function describeSeating(
  prev: TableSnapshot | null,
  next: TableSnapshot,
  myUserId: string | null,
): string[] {
  if (!isSynced(prev) || !isSynced(next) || prev.id !== next.id) return [];
  const lines: string[] = [];
  const stays = (seat: number, userId: string, snapshot: TableSnapshot) =>
    snapshot.players.some((p) => p.seatPosition === seat && p.userId === userId);
  for (const old of prev.players)
    if (!stays(old.seatPosition, old.userId, next)) lines.push(`${nameOfPlayer(old)} leaves the table`);
  for (const player of next.players)
    if (!stays(player.seatPosition, player.userId, prev))
      lines.push(`${nameOfPlayer(player)} sits at seat ${player.seatPosition + 1}`);
  const me = next.players.find((p) => p.userId === myUserId);
  const turnOf = (snapshot: TableSnapshot) =>
    me !== undefined &&
    snapshot.toActSeat === me.seatPosition &&
    snapshot.legalActions.seat === me.seatPosition;
  const sameTurn =
    turnOf(prev) &&
    prev.handNumber === next.handNumber &&
    prev.communityCards.length === next.communityCards.length &&
    prev.handActions.length === next.handActions.length;
  if (turnOf(next) && !sameTurn) lines.push(describeTurn(next));
  return lines;
}

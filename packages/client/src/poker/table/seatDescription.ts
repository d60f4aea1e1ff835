/**
 * What a seat says to a screen reader and shows as tags: name, stack, bet, position markers and
 * state (to act, folded, all-in, sitting out, away), from the snapshot alone.
 */
import { describeCards } from "./cardText.ts";
import { nameOfPlayer, type PlayerSnap, type TableSnapshot } from "./tableSnapshot.ts";

/** Position markers of a seat this hand: dealer button, small blind, big blind. */
export function positionMarkers(snapshot: TableSnapshot, seat: number): ("D" | "SB" | "BB")[] {
  const markers: ("D" | "SB" | "BB")[] = [];
  if (snapshot.dealerSeat === seat) markers.push("D");
  if (snapshot.smallBlindSeat === seat) markers.push("SB");
  if (snapshot.bigBlindSeat === seat) markers.push("BB");
  return markers;
}

/** Short state tags shown under the name. */
export function stateTags(snapshot: TableSnapshot, player: PlayerSnap): string[] {
  const tags: string[] = [];
  if (snapshot.toActSeat === player.seatPosition) tags.push("To act");
  if (player.hasFolded) tags.push("Folded");
  if (player.isAllIn) tags.push("All-in");
  if (player.isSittingOut) tags.push("Sitting out");
  if (!player.isConnected && !player.isBot) tags.push("Away");
  return tags;
}

const MARKER_WORDS = { D: "dealer button", SB: "small blind", BB: "big blind" } as const;

/** The full sentence for a seat, e.g. "Seat 3, Ada (you), 480 chips, bet 20, dealer button, to act". */
export function describeSeat(
  snapshot: TableSnapshot,
  seat: number,
  player: PlayerSnap | undefined,
  isMe: boolean,
): string {
  if (!player) return `Seat ${seat + 1}, empty`;
  const parts = [
    `Seat ${seat + 1}`,
    `${nameOfPlayer(player)}${isMe ? " (you)" : ""}${player.isBot ? ", bot" : ""}`,
  ];
  parts.push(`${player.chipCount} chips`);
  if (player.currentBet > 0) parts.push(`bet ${player.currentBet}`);
  for (const marker of positionMarkers(snapshot, seat)) parts.push(MARKER_WORDS[marker]);
  for (const tag of stateTags(snapshot, player)) parts.push(tag.toLowerCase());
  if (player.holeCards.length > 0) parts.push(`cards ${describeCards(player.holeCards)}`);
  else if (player.inHand && !player.hasFolded && snapshot.gamePhase !== "waiting")
    parts.push("cards face down");
  return parts.join(", ");
}

/** Two letters for the avatar: initials of the first two words, or the first two letters. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

/**
 * What the live region says when the table changes: the deal and its antes, every action, each
 * street, the viewer's turn, cards shown and the winners. A pure diff of two snapshots, so every
 * player's screen reader hears the same story the table shows.
 */

import type { HandActionSnap } from "@casino/protocol/schemas/poker-snapshot";
import { describeCards } from "./cardText.ts";
import { nameOfPlayer, type PlayerSnap, type TableSnapshot } from "./tableSnapshot.ts";

/** The board's streets: how many cards it holds once each is dealt. */
const STREETS: readonly (readonly [cards: number, name: string])[] = [
  [3, "Flop"],
  [4, "Turn"],
  [5, "River"],
];

/** How many board cards are out when an action of this street is taken. */
const BOARD_AT: Record<string, number> = { preflop: 0, flop: 3, turn: 4, river: 5 };

/** One betting action in words, as the hand history tells it: "Vega calls 10", "Lyra raises to 60 and is all-in". */
export function describeHandAction(name: string, action: HandActionSnap): string {
  const allIn = action.allIn ? " and is all-in" : "";
  switch (action.action) {
    case "fold":
      return `${name} folds`;
    case "check":
      return `${name} checks`;
    case "call":
      return `${name} calls ${action.amount}${allIn}`;
    case "bet":
      return `${name} bets ${action.to}${allIn}`;
    case "raise":
      return `${name} raises to ${action.to}${allIn}`;
    default:
      return `${name}: ${action.action}`;
  }
}

/** Announces the board's streets from `from` cards up to `to` cards, one line per street; returns the cards now announced. */
function announceBoard(
  lines: string[],
  board: TableSnapshot["communityCards"],
  from: number,
  to: number,
): number {
  let at = from;
  for (const [cards, name] of STREETS) {
    if (cards <= at || cards > to) continue;
    lines.push(`${name}: ${describeCards(board.slice(at, cards))}`);
    at = cards;
  }
  return at;
}

/** A player's ante in words: "Vega posts the ante 10", and "and is all-in" when it took their last chip. */
export function describeAnte(player: PlayerSnap): string {
  return `${nameOfPlayer(player)} posts the ante ${player.ante}${player.anteAllIn ? " and is all-in" : ""}`;
}

/** What the viewer may do on their turn, in words. */
export function describeTurn(next: TableSnapshot): string {
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

function bySeat(snapshot: TableSnapshot | null): Map<number, PlayerSnap> {
  return new Map((snapshot?.players ?? []).map((p) => [p.seatPosition, p]));
}

/** The sentences announcing what changed from `prev` to `next` for the viewer `myUserId`. */
export function describeChanges(
  prev: TableSnapshot | null,
  next: TableSnapshot,
  myUserId: string | null,
): string[] {
  const lines: string[] = [];
  const before = bySeat(prev);
  const newHand = prev !== null && next.handNumber > prev.handNumber;
  const seats = bySeat(next);
  /** A seat's player by name (one who left in this change too), else the seat. */
  const named = (seat: number) => {
    const player = seats.get(seat) ?? before.get(seat);
    return player ? nameOfPlayer(player) : `Seat ${seat + 1}`;
  };
  if (newHand) {
    lines.push(`Hand ${next.handNumber} is dealt`);
    for (const player of next.players) if (player.ante > 0) lines.push(describeAnte(player));
    const mine = next.players.find((p) => p.userId === myUserId);
    if (mine && mine.holeCards.length > 0) lines.push(`Your cards: ${describeCards(mine.holeCards)}`);
  }
  for (const player of next.players) {
    const old = before.get(player.seatPosition);
    if (prev && (!old || old.userId !== player.userId))
      lines.push(`${nameOfPlayer(player)} sits at seat ${player.seatPosition + 1}`);
  }
  if (prev) {
    // The hand's actions taken since the last snapshot, each after the street it was taken on.
    const board = next.communityCards;
    let announced = newHand ? 0 : Math.min(prev.communityCards.length, board.length);
    const known = newHand ? 0 : Math.min(prev.handActions.length, next.handActions.length);
    for (const action of next.handActions.slice(known)) {
      announced = announceBoard(
        lines,
        board,
        announced,
        Math.min(BOARD_AT[action.street] ?? 0, board.length),
      );
      lines.push(describeHandAction(named(action.seat), action));
    }
    announceBoard(lines, board, announced, board.length);
  }
  for (const player of next.players) {
    const old = before.get(player.seatPosition);
    if (!old || old.userId !== player.userId || newHand) continue;
    if (player.cardsShown && !old.cardsShown && player.holeCards.length > 0)
      lines.push(`${nameOfPlayer(player)} shows ${describeCards(player.holeCards)}`);
  }
  for (const old of before.values()) {
    if (!next.players.some((p) => p.seatPosition === old.seatPosition && p.userId === old.userId))
      lines.push(`${nameOfPlayer(old)} leaves the table`);
  }
  if (prev && prev.winners.length === 0 && next.winners.length > 0) {
    for (const w of next.winners) {
      lines.push(`${named(w.seat)} wins ${w.amount} chips${w.handName ? ` with ${w.handName}` : ""}`);
    }
  }
  const me = next.players.find((p) => p.userId === myUserId);
  const myTurnNow =
    me !== undefined && next.toActSeat === me.seatPosition && next.legalActions.seat === me.seatPosition;
  const myTurnBefore = prev !== null && me !== undefined && prev.toActSeat === me.seatPosition && !newHand;
  if (myTurnNow && !myTurnBefore) lines.push(describeTurn(next));
  return lines;
}

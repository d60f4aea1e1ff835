/**
 * What the live region says when the table changes: the deal and its antes, every action, each
 * street, the viewer's turn, cards shown and the winners. A pure diff of two snapshots, so every
 * player's screen reader hears the same story the table shows.
 */
import { describeCards } from "./cardText.ts";
import { nameOfPlayer, type PlayerSnap, type TableSnapshot } from "./tableSnapshot.ts";

const STREETS: Record<number, string> = { 3: "Flop", 4: "Turn", 5: "River" };

/** One player's action in words, from the action name and their bet this round. */
export function describeAction(player: PlayerSnap): string {
  const name = nameOfPlayer(player);
  switch (player.lastAction) {
    case "fold":
      return `${name} folds`;
    case "check":
      return `${name} checks`;
    case "call":
      return `${name} calls ${player.currentBet}`;
    case "bet":
      return `${name} bets ${player.currentBet}`;
    case "raise":
      return `${name} raises to ${player.currentBet}`;
    case "all-in":
    case "all_in":
      return `${name} goes all-in for ${player.currentBet}`;
    default:
      return `${name}: ${player.lastAction}`;
  }
}

/** A player's ante in words: "Vega posts the ante 10", and "and is all-in" when it took their last chip. */
export function describeAnte(player: PlayerSnap): string {
  return `${nameOfPlayer(player)} posts the ante ${player.ante}${player.anteAllIn ? " and is all-in" : ""}`;
}

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
  if (newHand) {
    lines.push(`Hand ${next.handNumber} is dealt`);
    for (const player of next.players) if (player.ante > 0) lines.push(describeAnte(player));
    const mine = next.players.find((p) => p.userId === myUserId);
    if (mine && mine.holeCards.length > 0) lines.push(`Your cards: ${describeCards(mine.holeCards)}`);
  }
  for (const player of next.players) {
    const old = before.get(player.seatPosition);
    if (prev && (!old || old.userId !== player.userId)) {
      lines.push(`${nameOfPlayer(player)} sits at seat ${player.seatPosition + 1}`);
      continue;
    }
    if (!old || newHand) continue;
    const acted =
      player.lastAction !== "" &&
      (player.lastAction !== old.lastAction || player.currentBet !== old.currentBet);
    if (acted) lines.push(describeAction(player));
    if (player.cardsShown && !old.cardsShown && player.holeCards.length > 0)
      lines.push(`${nameOfPlayer(player)} shows ${describeCards(player.holeCards)}`);
  }
  for (const old of before.values()) {
    if (!next.players.some((p) => p.seatPosition === old.seatPosition && p.userId === old.userId))
      lines.push(`${nameOfPlayer(old)} leaves the table`);
  }
  const oldBoard = newHand ? 0 : (prev?.communityCards.length ?? 0);
  const street = STREETS[next.communityCards.length];
  if (prev && street && next.communityCards.length > oldBoard)
    lines.push(`${street}: ${describeCards(next.communityCards.slice(oldBoard))}`);
  if (prev && prev.winners.length === 0 && next.winners.length > 0) {
    const seats = bySeat(next);
    for (const w of next.winners) {
      const winner = seats.get(w.seat);
      const name = winner ? nameOfPlayer(winner) : `Seat ${w.seat + 1}`;
      lines.push(`${name} wins ${w.amount} chips${w.handName ? ` with ${w.handName}` : ""}`);
    }
  }
  const me = next.players.find((p) => p.userId === myUserId);
  const myTurnNow =
    me !== undefined && next.toActSeat === me.seatPosition && next.legalActions.seat === me.seatPosition;
  const myTurnBefore = prev !== null && me !== undefined && prev.toActSeat === me.seatPosition && !newHand;
  if (myTurnNow && !myTurnBefore) lines.push(describeTurn(next));
  return lines;
}

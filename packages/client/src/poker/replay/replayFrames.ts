/**
 * A finished hand as a replayer steps through it: one frame per thing that happened (blinds and
 * antes, each action, each street, shows, returns and awards), each holding the table as it stood
 * then. Built from the hand's engine events as the server hands them to this player (other
 * players' unshown cards already blanked), so a frame can only show what the player was entitled
 * to see: their own cards, the board, and hands shown at the table.
 */
import type { CardIndex, TableEvent } from "@casino/protocol";

/** The betting street a frame belongs to. */
export type ReplayStreet = "preflop" | "flop" | "turn" | "river" | "showdown";

/** One seat in a frame. */
export type ReplaySeat = {
  seat: number;
  name: string;
  stack: number;
  /** Chips in front of the seat this round. */
  bet: number;
  folded: boolean;
  allIn: boolean;
  /** The cards the viewer may see at this point (their own, or shown ones); empty when hidden. */
  cards: CardIndex[];
  /** Chips the seat collected so far. */
  won: number;
};

/** The table at one step of the hand, with what just happened in words. */
export type ReplayFrame = {
  text: string;
  street: ReplayStreet;
  board: CardIndex[];
  /** Chips in the middle (bets already gathered, not those in front of the seats). */
  pot: number;
  seats: ReplaySeat[];
};

/** Chips as the frames count them. */
const chips = (amount: number) => `${amount}`;

/** The frames of one hand, from its start to its end; empty when the events hold no start. */
export function buildFrames(events: readonly TableEvent[]): ReplayFrame[] {
  const started = events.find((e) => e.type === "hand_started");
  if (started?.type !== "hand_started") return [];
  const seats = new Map<number, ReplaySeat>(
    started.players.map((p) => [
      p.seat,
      { seat: p.seat, name: p.name, stack: p.stack, bet: 0, folded: false, allIn: false, cards: [], won: 0 },
    ]),
  );
  const nameOf = (seat: number) => seats.get(seat)?.name ?? `Seat ${seat + 1}`;
  let street: ReplayStreet = "preflop";
  let board: CardIndex[] = [];
  let pot = 0;
  const frames: ReplayFrame[] = [];
  const snap = (text: string) =>
    frames.push({
      text,
      street,
      board: [...board],
      pot,
      seats: [...seats.values()].map((s) => ({ ...s, cards: [...s.cards] })),
    });
  const gather = () => {
    for (const s of seats.values()) {
      pot += s.bet;
      s.bet = 0;
    }
  };
  const pay = (seat: number, amount: number, into: "bet" | "pot") => {
    const s = seats.get(seat);
    if (!s) return;
    s.stack -= amount;
    if (into === "bet") s.bet += amount;
    else pot += amount;
  };

  snap(`Hand #${started.handNumber}: ${seats.size} players, ${nameOf(started.buttonSeat)} has the button`);
  for (const e of events) {
    switch (e.type) {
      case "ante_posted":
        pay(e.seat, e.amount, "pot");
        snap(`${nameOf(e.seat)} posts the ante ${chips(e.amount)}`);
        break;
      case "blind_posted":
        pay(e.seat, e.amount, "bet");
        snap(`${nameOf(e.seat)} posts the ${e.blind === "small" ? "small" : "big"} blind ${chips(e.amount)}`);
        break;
      case "hole_cards_dealt": {
        const s = seats.get(e.seat);
        if (s && e.cards.length > 0) {
          s.cards = [...e.cards];
          snap(`${s.name} is dealt their cards`);
        }
        break;
      }
      case "action_taken": {
        const s = seats.get(e.seat);
        if (!s) break;
        pay(e.seat, e.amount, "bet");
        if (e.action === "fold") s.folded = true;
        if (e.allIn) s.allIn = true;
        const allIn = e.allIn ? " and is all-in" : "";
        const words =
          e.action === "fold"
            ? "folds"
            : e.action === "check"
              ? "checks"
              : e.action === "call"
                ? `calls ${chips(e.amount)}`
                : e.action === "bet"
                  ? `bets ${chips(e.to)}`
                  : `raises to ${chips(e.to)}`;
        snap(`${s.name} ${words}${allIn}`);
        break;
      }
      case "uncalled_bet_returned": {
        const s = seats.get(e.seat);
        if (!s) break;
        s.bet -= e.amount;
        s.stack += e.amount;
        snap(`${chips(e.amount)} uncalled returned to ${s.name}`);
        break;
      }
      case "street_dealt":
        gather();
        street = e.street;
        board = [...e.board];
        snap(`${e.street[0]!.toUpperCase()}${e.street.slice(1)} dealt`);
        break;
      case "hand_shown": {
        const s = seats.get(e.seat);
        if (!s) break;
        s.cards = [...e.cards];
        snap(`${s.name} shows${e.handName ? ` ${e.handName}` : ""}`);
        break;
      }
      case "hand_mucked":
        snap(`${nameOf(e.seat)} mucks`);
        break;
      case "pot_awarded":
        gather();
        street = street === "river" || board.length === 5 ? "showdown" : street;
        pot -= e.amount;
        for (const w of e.winners) {
          const s = seats.get(w.seat);
          if (!s) continue;
          s.stack += w.amount;
          s.won += w.amount;
        }
        snap(
          e.winners
            .map((w) => `${nameOf(w.seat)} wins ${chips(w.amount)}${w.handName ? ` with ${w.handName}` : ""}`)
            .join("; "),
        );
        break;
      case "rake_taken":
        gather();
        pot -= e.amount;
        break;
      default:
        break;
    }
  }
  return frames;
}

/** The index of the first frame of the street after the frame at `from` (or the last frame). */
export function findNextStreet(frames: readonly ReplayFrame[], from: number): number {
  const street = frames[from]?.street;
  const next = frames.findIndex((f, i) => i > from && f.street !== street);
  return next < 0 ? Math.max(0, frames.length - 1) : next;
}

/** The index of the first frame of the street before the one of the frame at `from` (or 0). */
export function findPreviousStreet(frames: readonly ReplayFrame[], from: number): number {
  const street = frames[from]?.street;
  let i = from;
  while (i > 0 && frames[i - 1]!.street === street) i--;
  if (i === 0) return 0;
  const before = frames[i - 1]!.street;
  while (i > 0 && frames[i - 1]!.street === before) i--;
  return i;
}

/**
 * Hand histories in the PokerStars text format that tracking tools (PokerTracker, Hold'em Manager,
 * hand replayers) read, built from one hand's engine events.
 */
import type { CardIndex } from "../fair/cards.ts";
import type { TableEvent } from "./engine/types.ts";
import { describeHand } from "./evaluator/describe.ts";
import { evaluateHand } from "./evaluator/evaluate.ts";

/** Table details the events do not carry. */
export interface HandHistoryOptions {
  tableName: string;
  maxPlayers: number;
  /** When the hand started (ms since the epoch), printed in UTC. */
  startedAt: number;
  /** Whose hole cards are printed as "Dealt to" (null or absent: nobody's). */
  heroSeat?: number | null;
  /** Hand id in the header; defaults to the hand number. */
  handId?: string | number;
}

const RANK_CHARS = "23456789TJQKA";
const SUIT_CHARS = "dhsc";
const STREET_NAMES = {
  preflop: "before Flop",
  flop: "on the Flop",
  turn: "on the Turn",
  river: "on the River",
} as const;

/** A card in hand-history notation, e.g. "Ah", "Td". */
export function formatHistoryCard(card: CardIndex): string {
  return `${RANK_CHARS[card >> 2] ?? "?"}${SUIT_CHARS[card & 3] ?? "?"}`;
}

function formatCards(cards: readonly CardIndex[]): string {
  return `[${cards.map(formatHistoryCard).join(" ")}]`;
}

function formatDate(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

/** The first hand in the events (from hand_started to hand_ended) as a PokerStars-style hand history. */
export function exportHandHistory(events: readonly TableEvent[], options: HandHistoryOptions): string {
  const start = events.findIndex((e) => e.type === "hand_started");
  const started = events[start];
  if (started?.type !== "hand_started") throw new Error("no hand_started event");
  const endIndex = events.findIndex((e, i) => i > start && e.type === "hand_ended");
  const hand = events.slice(start, endIndex < 0 ? undefined : endIndex + 1);
  const names = new Map(started.players.map((p) => [p.seat, p.name]));
  const name = (seat: number): string => names.get(seat) ?? `Seat ${seat + 1}`;
  const lines: string[] = [
    `PokerStars Hand #${options.handId ?? started.handNumber}: Hold'em No Limit (${started.smallBlind}/${started.bigBlind}) - ${formatDate(options.startedAt)}`,
    `Table '${options.tableName}' ${options.maxPlayers}-max Seat #${started.buttonSeat + 1} is the button`,
    ...started.players.map((p) => `Seat ${p.seat + 1}: ${p.name} (${p.stack} in chips)`),
  ];
  let street: keyof typeof STREET_NAMES = "preflop";
  let currentBet = started.bigBlind;
  let board: CardIndex[] = [];
  const foldedOn = new Map<number, string>();
  const shown = new Map<number, CardIndex[]>();
  const mucked = new Set<number>();
  const won = new Map<number, number>();
  const potAmounts: number[] = [];
  let rake = 0;
  let totalPot = 0;
  let showdownPrinted = false;
  const allIn = (flag: boolean): string => (flag ? " and is all-in" : "");
  const printShowdown = (): void => {
    if (showdownPrinted) return;
    showdownPrinted = true;
    lines.push("*** SHOW DOWN ***");
    for (const [seat, cards] of shown)
      lines.push(`${name(seat)}: shows ${formatCards(cards)} (${nameOf(cards, board)})`);
  };
  for (const e of hand) {
    switch (e.type) {
      case "blind_posted":
        lines.push(
          `${name(e.seat)}: posts ${e.blind === "small" ? "small" : "big"} blind ${e.amount}${allIn(e.allIn)}`,
        );
        break;
      case "hole_cards_dealt":
        if (lines[lines.length - 1] !== "*** HOLE CARDS ***" && !lines.includes("*** HOLE CARDS ***"))
          lines.push("*** HOLE CARDS ***");
        if (e.seat === options.heroSeat && e.cards.length === 2)
          lines.push(`Dealt to ${name(e.seat)} ${formatCards(e.cards)}`);
        break;
      case "action_taken":
        if (e.action === "fold") {
          lines.push(`${name(e.seat)}: folds`);
          foldedOn.set(e.seat, STREET_NAMES[street]);
        } else if (e.action === "check") lines.push(`${name(e.seat)}: checks`);
        else if (e.action === "call") lines.push(`${name(e.seat)}: calls ${e.amount}${allIn(e.allIn)}`);
        else if (e.action === "bet") lines.push(`${name(e.seat)}: bets ${e.amount}${allIn(e.allIn)}`);
        else lines.push(`${name(e.seat)}: raises ${e.to - currentBet} to ${e.to}${allIn(e.allIn)}`);
        if (e.action === "bet" || e.action === "raise") currentBet = e.to;
        break;
      case "uncalled_bet_returned":
        lines.push(`Uncalled bet (${e.amount}) returned to ${name(e.seat)}`);
        break;
      case "street_dealt": {
        const before = board;
        board = e.board;
        street = e.street;
        currentBet = 0;
        const label = e.street.toUpperCase();
        lines.push(
          e.street === "flop"
            ? `*** FLOP *** ${formatCards(board)}`
            : `*** ${label} *** ${formatCards(before)} ${formatCards(e.cards)}`,
        );
        break;
      }
      case "hand_shown":
        shown.set(e.seat, e.cards);
        if (board.length === 5) {
          if (!showdownPrinted) printShowdown();
          else lines.push(`${name(e.seat)}: shows ${formatCards(e.cards)} (${nameOf(e.cards, board)})`);
        }
        break;
      case "hand_mucked":
        if (!showdownPrinted) printShowdown();
        mucked.add(e.seat);
        lines.push(`${name(e.seat)}: mucks hand`);
        break;
      case "rake_taken":
        rake = e.amount;
        break;
      case "pot_awarded": {
        if (shown.size > 0 && board.length === 5) printShowdown();
        potAmounts.push(e.amount);
        const label = e.potIndex === 0 ? (hasSidePots(hand) ? "main pot" : "pot") : `side pot-${e.potIndex}`;
        for (const w of e.winners) {
          won.set(w.seat, (won.get(w.seat) ?? 0) + w.amount);
          lines.push(`${name(w.seat)} collected ${w.amount} from ${label}`);
        }
        break;
      }
      case "hand_ended":
        totalPot = e.totalPot;
        break;
      default:
        break;
    }
  }
  if (!showdownPrinted) {
    for (const [seat] of won) if (!shown.has(seat)) lines.push(`${name(seat)}: doesn't show hand`);
  }
  lines.push("*** SUMMARY ***");
  const sidePots =
    potAmounts.length > 1
      ? ` Main pot ${potAmounts[0]}.${potAmounts
          .slice(1)
          .map((a, i) => ` Side pot-${i + 1} ${a}.`)
          .join("")}`
      : "";
  lines.push(`Total pot ${totalPot}${sidePots} | Rake ${rake}`);
  if (board.length > 0) lines.push(`Board ${formatCards(board)}`);
  for (const p of started.players) {
    const role =
      (p.seat === started.buttonSeat ? " (button)" : "") +
      (p.seat === started.smallBlindSeat ? " (small blind)" : "") +
      (p.seat === started.bigBlindSeat ? " (big blind)" : "");
    const cards = shown.get(p.seat);
    const amount = won.get(p.seat);
    let outcome: string;
    if (foldedOn.has(p.seat)) outcome = `folded ${foldedOn.get(p.seat)}`;
    else if (cards && board.length === 5) {
      outcome = amount
        ? `showed ${formatCards(cards)} and won (${amount}) with ${nameOf(cards, board)}`
        : `showed ${formatCards(cards)} and lost with ${nameOf(cards, board)}`;
    } else if (mucked.has(p.seat)) outcome = "mucked";
    else outcome = amount ? `collected (${amount})` : "lost";
    lines.push(`Seat ${p.seat + 1}: ${p.name}${role} ${outcome}`);
  }
  return `${lines.join("\n")}\n`;
}

function hasSidePots(events: readonly TableEvent[]): boolean {
  return events.some((e) => e.type === "pot_awarded" && e.potIndex > 0);
}

function nameOf(hole: readonly CardIndex[], board: readonly CardIndex[]): string {
  return board.length >= 3 ? describeHand(evaluateHand([...hole, ...board])) : "";
}

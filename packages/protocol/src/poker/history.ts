/**
 * Hand histories in the PokerStars text format that tracking tools (PokerTracker, Hold'em Manager,
 * hand replayers) read, built from one hand's engine events. PokerStars' conventions, as its own
 * exports print them:
 * - header `PokerStars Hand #N:  Hold'em No Limit (SB/BB) - 2026/04/07 12:00:00 UTC [2026/04/07 8:00:00 ET]`
 *   (two spaces after the colon, unpadded hours, ET in brackets), a play-money table marked
 *   `(Play Money)` after `N-max` with bare chip counts, a real-money one with coin amounts and the
 *   currency code after the stakes;
 * - a tournament hand: `PokerStars Hand #N: Tournament #T, 10+1 HC Hold'em No Limit - Level IV
 *   (50/100) - <time>` (one space after the colon), table `'T 1'`, tournament chips as bare counts,
 *   and `P: posts the ante 10` before the blinds;
 * - `raises X to Y`: X is the increase over the bet to call, which before the flop is the full big
 *   blind even when the big blind was posted short and all-in (callers must match the full blind);
 * - `Uncalled bet (X) returned to P` when its round closes, cards shown only at the showdown (after
 *   an all-in run-out too), one `side pot` or several `side pot-N`, side pots awarded first;
 * - a player who leaves mid-hand folds at once in the engine; the history prints that fold where it
 *   takes effect in turn order, when the action would have reached the player.
 */
import type { CardIndex } from "../fair/cards.ts";
import { type Currency, formatUnits } from "../money/money.ts";
import { distanceAfter } from "./engine/seats.ts";
import type { TableEvent } from "./engine/types.ts";
import { describeHand } from "./evaluator/describe.ts";
import { evaluateHand } from "./evaluator/evaluate.ts";
import { formatLevel } from "./tournament/blinds.ts";

/** Table details the events do not carry. */
export interface HandHistoryOptions {
  tableName: string;
  maxPlayers: number;
  /** When the hand started (ms since the epoch), printed in UTC and ET. */
  startedAt: number;
  /** Whose hole cards are printed as "Dealt to" (null or absent: nobody's). */
  heroSeat?: number | null;
  /** Hand id in the header; defaults to the hand number. */
  handId?: string | number;
  /**
   * The table's currency: HC is play money (bare chip counts, "(Play Money)"); another prints its
   * amounts in coins with the currency code. Absent: bare chip counts and no marker.
   */
  currency?: Currency;
  /** Micro-units per chip, needed to print a real-money table's amounts in coins. */
  unitsPerChip?: number;
  /** Set for a Sit & Go hand: the tournament header, and chips are tournament chips (bare counts). */
  tournament?: HistoryTournament;
}

/** The tournament facts of a Sit & Go hand's header. */
export interface HistoryTournament {
  id: string;
  /** Buy-in and fee in coins, as printed ("10", "0.05"). */
  buyIn: string;
  fee: string;
  currency: Currency;
  /** Blind level number (printed in roman numerals). */
  level: number;
}

const PLAY_MONEY: ReadonlySet<Currency> = new Set(["HC"]);
const RANK_CHARS = "23456789TJQKA";
const SUIT_CHARS = "dhsc";
const STREET_NAMES = {
  preflop: "before Flop",
  flop: "on the Flop",
  turn: "on the Turn",
  river: "on the River",
} as const;
type BettingStreet = keyof typeof STREET_NAMES;

/** A card in hand-history notation, e.g. "Ah", "Td". */
export function formatHistoryCard(card: CardIndex): string {
  return `${RANK_CHARS[card >> 2] ?? "?"}${SUIT_CHARS[card & 3] ?? "?"}`;
}

function formatCards(cards: readonly CardIndex[]): string {
  return `[${cards.map(formatHistoryCard).join(" ")}]`;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "2026/04/07 8:00:00" in a time zone: padded date, unpadded hour, as PokerStars prints it. */
function formatClock(ms: number, timeZone: string): string {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "numeric",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}/${part("month")}/${part("day")} ${Number(part("hour"))}:${part("minute")}:${part("second")}`;
}

/** The header's time: UTC, then Eastern Time in brackets (PokerStars' reference clock). */
export function formatHistoryTime(ms: number): string {
  return `${formatClock(ms, "UTC")} UTC [${formatClock(ms, "America/New_York")} ET]`;
}

/** The first hand in the events (from hand_started to hand_ended) as a PokerStars-style hand history. */
export function exportHandHistory(events: readonly TableEvent[], options: HandHistoryOptions): string {
  const start = events.findIndex((e) => e.type === "hand_started");
  const started = events[start];
  if (started?.type !== "hand_started") throw new Error("no hand_started event");
  const endIndex = events.findIndex((e, i) => i > start && e.type === "hand_ended");
  const hand = events.slice(start, endIndex < 0 ? undefined : endIndex + 1);
  const seatCount = options.maxPlayers;
  const names = new Map(started.players.map((p) => [p.seat, p.name]));
  const name = (seat: number): string => names.get(seat) ?? `Seat ${seat + 1}`;
  const { tournament } = options;
  const playMoney = !tournament && options.currency !== undefined && PLAY_MONEY.has(options.currency);
  const coinValue =
    !tournament && options.currency !== undefined && !playMoney ? options.unitsPerChip : undefined;
  if (
    !tournament &&
    options.currency !== undefined &&
    !playMoney &&
    !(coinValue && Number.isSafeInteger(coinValue))
  )
    throw new Error("a real-money history needs unitsPerChip");
  const money = (chips: number): string => (coinValue ? formatUnits(chips * coinValue) : String(chips));
  const stakes = `${money(started.smallBlind)}/${money(started.bigBlind)}${coinValue ? ` ${options.currency}` : ""}`;
  const handId = options.handId ?? started.handNumber;
  const header = tournament
    ? `PokerStars Hand #${handId}: Tournament #${tournament.id}, ${tournament.buyIn}+${tournament.fee} ${tournament.currency} Hold'em No Limit - Level ${formatLevel(tournament.level)} (${stakes}) - ${formatHistoryTime(options.startedAt)}`
    : `PokerStars Hand #${handId}:  Hold'em No Limit (${stakes}) - ${formatHistoryTime(options.startedAt)}`;
  const tableName = tournament ? `${tournament.id} 1` : options.tableName;
  const lines: string[] = [
    header,
    `Table '${tableName}' ${seatCount}-max${playMoney ? " (Play Money)" : ""} Seat #${started.buttonSeat + 1} is the button`,
    ...started.players.map((p) => `Seat ${p.seat + 1}: ${p.name} (${money(p.stack)} in chips)`),
  ];

  // The betting round as a replayer follows it, to place out-of-turn folds in turn order.
  let street: BettingStreet = "preflop";
  let level = started.bigBlind;
  let lastActor = started.bigBlindSeat;
  let bets = new Map<number, number>();
  let acted = new Set<number>();
  const allIn = new Set<number>();
  const putIn = new Set<number>();
  const pendingFolds = new Set<number>();
  const needsToAct = (seat: number): boolean =>
    !allIn.has(seat) && (!acted.has(seat) || (bets.get(seat) ?? 0) < level);

  let board: CardIndex[] = [];
  const foldedOn = new Map<number, string>();
  const shown = new Map<number, CardIndex[]>();
  const mucked = new Set<number>();
  const won = new Map<number, number>();
  const awards: Extract<TableEvent, { type: "pot_awarded" }>[] = [];
  let rake = 0;
  let totalPot = 0;
  let showdownPrinted = false;
  const allInText = (flag: boolean): string => (flag ? " and is all-in" : "");

  const printFold = (seat: number): void => {
    pendingFolds.delete(seat);
    lines.push(`${name(seat)}: folds`);
    foldedOn.set(seat, STREET_NAMES[street]);
    acted.add(seat);
    lastActor = seat;
  };
  /** Prints the deferred folds of leavers whose turn comes before `until` (or the round's end), clockwise. */
  const flushFolds = (until: number | null, all: boolean): void => {
    const from = lastActor;
    const due = [...pendingFolds]
      .filter(
        (seat) =>
          all ||
          (needsToAct(seat) &&
            (until === null || distanceAfter(from, seat, seatCount) < distanceAfter(from, until, seatCount))),
      )
      .sort((a, b) => distanceAfter(from, a, seatCount) - distanceAfter(from, b, seatCount));
    for (const seat of due) printFold(seat);
  };
  const printShowdown = (): void => {
    if (showdownPrinted) return;
    showdownPrinted = true;
    lines.push("*** SHOW DOWN ***");
    for (const [seat, cards] of shown)
      lines.push(`${name(seat)}: shows ${formatCards(cards)} (${nameOf(cards, board)})`);
  };
  // A walk: the chips returned to the one player who put any in, with no antes (see isWalk).
  let walk: Extract<TableEvent, { type: "uncalled_bet_returned" }> | undefined;
  let anted = false;
  // Streets dealt with no betting after them (an all-in run-out): leavers' folds come before them.
  const bettingFollows = new Set<number>();
  for (let i = hand.length - 1, seen = false; i >= 0; i--) {
    const e = hand[i]!;
    if (e.type === "street_dealt") {
      if (seen) bettingFollows.add(i);
      seen = false;
    } else if (e.type === "action_taken" && !e.outOfTurn) seen = true;
  }

  hand.forEach((e, index) => {
    switch (e.type) {
      case "ante_posted":
        // Dead money: not a bet of the round, and a player who only anted "didn't bet".
        lines.push(`${name(e.seat)}: posts the ante ${money(e.amount)}${allInText(e.allIn)}`);
        anted = true;
        if (e.allIn) allIn.add(e.seat);
        return;
      case "blind_posted":
        lines.push(
          `${name(e.seat)}: posts ${e.blind === "small" ? "small" : "big"} blind ${money(e.amount)}${allInText(e.allIn)}`,
        );
        bets.set(e.seat, (bets.get(e.seat) ?? 0) + e.amount);
        putIn.add(e.seat);
        if (e.allIn) allIn.add(e.seat);
        return;
      case "hole_cards_dealt":
        if (!lines.includes("*** HOLE CARDS ***")) lines.push("*** HOLE CARDS ***");
        if (e.seat === options.heroSeat && e.cards.length === 2)
          lines.push(`Dealt to ${name(e.seat)} ${formatCards(e.cards)}`);
        return;
      case "action_taken":
        if (e.outOfTurn) {
          lines.push(`${name(e.seat)} leaves the table`);
          pendingFolds.add(e.seat);
          return;
        }
        flushFolds(e.seat, false);
        if (e.timedOut) lines.push(`${name(e.seat)} has timed out`);
        lines.push(`${name(e.seat)}: ${describeAction(e, level, money)}${allInText(e.allIn)}`);
        if (e.action === "fold") foldedOn.set(e.seat, STREET_NAMES[street]);
        if (e.action === "bet" || e.action === "raise") level = e.to;
        if (e.amount > 0) putIn.add(e.seat);
        if (e.allIn) allIn.add(e.seat);
        bets.set(e.seat, e.to);
        acted.add(e.seat);
        lastActor = e.seat;
        return;
      case "uncalled_bet_returned":
      case "street_dealt":
      case "hand_shown":
      case "hand_mucked":
      case "rake_taken":
      case "pot_awarded":
      case "hand_ended":
        break;
      default:
        return;
    }
    // These close a betting round: leavers still facing a bet fold before them.
    flushFolds(null, false);
    const endOfBetting =
      (e.type === "street_dealt" && !bettingFollows.has(index)) ||
      (e.type === "hand_shown" && board.length === 5) ||
      e.type === "hand_mucked" ||
      e.type === "rake_taken" ||
      e.type === "pot_awarded" ||
      e.type === "hand_ended";
    if (endOfBetting) flushFolds(null, true);
    switch (e.type) {
      case "uncalled_bet_returned":
        // A walk with no small blind: the big blind takes the pot of their own blind back.
        if (isWalk(e.seat, putIn, anted)) {
          walk = e;
          const share = { seat: e.seat, amount: e.amount, handName: null };
          awards.push({ type: "pot_awarded", potIndex: 0, amount: e.amount, winners: [share] });
        } else lines.push(`Uncalled bet (${money(e.amount)}) returned to ${name(e.seat)}`);
        break;
      case "street_dealt": {
        const before = board;
        board = e.board;
        street = e.street;
        level = 0;
        lastActor = started.buttonSeat;
        bets = new Map();
        acted = new Set();
        lines.push(
          e.street === "flop"
            ? `*** FLOP *** ${formatCards(board)}`
            : `*** ${e.street.toUpperCase()} *** ${formatCards(before)} ${formatCards(e.cards)}`,
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
        printShowdown();
        mucked.add(e.seat);
        lines.push(`${name(e.seat)}: mucks hand`);
        break;
      case "rake_taken":
        rake = e.amount;
        break;
      case "pot_awarded":
        if (shown.size > 0 && board.length === 5) printShowdown();
        awards.push(e);
        break;
      case "hand_ended":
        totalPot = e.totalPot + (walk?.amount ?? 0);
        break;
      default:
        break;
    }
  });

  const sidePots = Math.max(0, ...awards.map((a) => a.potIndex));
  const potLabel = (index: number): string =>
    sidePots === 0 ? "pot" : index === 0 ? "main pot" : sidePots === 1 ? "side pot" : `side pot-${index}`;
  for (const award of [...awards].sort((a, b) => b.potIndex - a.potIndex)) {
    for (const w of award.winners) {
      won.set(w.seat, (won.get(w.seat) ?? 0) + w.amount);
      lines.push(`${name(w.seat)} collected ${money(w.amount)} from ${potLabel(award.potIndex)}`);
    }
  }
  if (!showdownPrinted) {
    for (const [seat] of won) if (!shown.has(seat)) lines.push(`${name(seat)}: doesn't show hand`);
  }
  lines.push("*** SUMMARY ***");
  const potAmount = (index: number): number => awards.find((a) => a.potIndex === index)?.amount ?? 0;
  const potParts =
    sidePots === 0
      ? ""
      : ` Main pot ${money(potAmount(0))}.${Array.from({ length: sidePots }, (_, i) => ` ${potLabel(i + 1).replace("side", "Side")} ${money(potAmount(i + 1))}.`).join("")}`;
  lines.push(`Total pot ${money(totalPot)}${potParts} | Rake ${money(rake)}`);
  if (board.length > 0) lines.push(`Board ${formatCards(board)}`);
  for (const p of started.players) {
    const role =
      (p.seat === started.buttonSeat ? " (button)" : "") +
      (p.seat === started.smallBlindSeat ? " (small blind)" : "") +
      (p.seat === started.bigBlindSeat ? " (big blind)" : "");
    const cards = shown.get(p.seat);
    const amount = won.get(p.seat);
    let outcome: string;
    const folded = foldedOn.get(p.seat);
    if (folded)
      outcome = `folded ${folded}${folded === STREET_NAMES.preflop && !putIn.has(p.seat) ? " (didn't bet)" : ""}`;
    else if (cards && board.length === 5) {
      outcome = amount
        ? `showed ${formatCards(cards)} and won (${money(amount)}) with ${nameOf(cards, board)}`
        : `showed ${formatCards(cards)} and lost with ${nameOf(cards, board)}`;
    } else if (mucked.has(p.seat)) outcome = "mucked";
    else outcome = amount ? `collected (${money(amount)})` : "lost";
    lines.push(`Seat ${p.seat + 1}: ${p.name}${role} ${outcome}`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Whether chips returned to `seat` are a walk (everyone folded to a big blind that no small blind
 * faced): nobody else put anything in and there were no antes, so the pot is empty once they are
 * returned. The history tells it as that player collecting the pot, as PokerStars does, rather than
 * as a loss of a pot of 0. It is decided from the events so far, so a hand in play is told the same
 * way before and after its later events arrive.
 */
function isWalk(seat: number, putIn: ReadonlySet<number>, anted: boolean): boolean {
  return !anted && [...putIn].every((s) => s === seat);
}

/** An action's words: "calls 20", "raises 20 to 30" (the increase over the bet to call, then the total). */
function describeAction(
  e: Extract<TableEvent, { type: "action_taken" }>,
  level: number,
  money: (chips: number) => string,
): string {
  switch (e.action) {
    case "fold":
      return "folds";
    case "check":
      return "checks";
    case "call":
      return `calls ${money(e.amount)}`;
    case "bet":
      return `bets ${money(e.amount)}`;
    default:
      return `raises ${money(e.to - level)} to ${money(e.to)}`;
  }
}

function nameOf(hole: readonly CardIndex[], board: readonly CardIndex[]): string {
  return board.length >= 3 ? describeHand(evaluateHand([...hole, ...board])) : "";
}

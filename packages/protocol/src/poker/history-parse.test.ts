/**
 * Our exported hand histories read by an independent PokerStars parser (hhp, from the npm
 * registry) over seeded random hands with short and all-in blinds, side pots, uncalled bets,
 * run-outs, timeouts and players leaving mid-hand: what it reads (seats, blinds, every chip put in,
 * the raise increments, the board, the pots, each player's winnings and final stack) matches what
 * the engine did, and the actions it reads come in a legal turn order.
 *
 * Some tables play with antes and are exported as tournament hands (header, "posts the ante").
 *
 * hhp predates a few things real PokerStars exports print, so the test bridges them before
 * parsing (everything else is parsed as exported):
 * - its cash-game header needs a $ or € stake; play-money headers read "(5/10)";
 * - its tournament header needs a $ or € buy-in ("$10+$1 USD"), ours reads "10+1 HC";
 * - its table line has no room for the play-money marker ("6-max (Play Money) Seat #1");
 * - its blind and ante regexes miss "posts big blind 4 and is all-in".
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { type LegalActions, legalActions } from "./engine/betting.ts";
import { applyTableAction, createTable } from "./engine/reducer.ts";
import { distanceAfter } from "./engine/seats.ts";
import type { TableAction, TableEvent, TableState } from "./engine/types.ts";
import { exportHandHistory, formatHistoryCard } from "./history.ts";
import { createSeededRandom, drawDistinctCards } from "./seeded-random.ts";

type Random = () => number;

/** The parts of hhp's output the test reads. */
interface ParsedAction {
  player: string;
  type: string;
  amount?: number;
  raiseTo?: number;
}
interface ParsedHand {
  info: { sb: number; bb: number; handid: string; gametype?: string; ante?: number; level?: string };
  table: { maxseats: number; button: number };
  seats: { seatno: number; player: string; chips: number }[];
  posts: { player: string; type: string; amount: number }[];
  hero?: string;
  holecards?: { card1: string; card2: string };
  board?: Record<string, string | undefined>;
  preflop: ParsedAction[];
  flop: ParsedAction[];
  turn: ParsedAction[];
  river: ParsedAction[];
  showdown: ParsedAction[];
  summary: { type: string; seatno?: number; amount?: number; rake?: number; single?: boolean }[];
}
const hhp = createRequire(import.meta.url)("hhp") as { parseHand(text: string): ParsedHand };

const STREETS = ["preflop", "flop", "turn", "river"] as const;
const BETTING = new Set(["fold", "check", "call", "bet", "raise"]);

const between = (random: Random, lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));

function apply(state: TableState, action: TableAction): { state: TableState; events: TableEvent[] } {
  const result = applyTableAction(state, action);
  if ("error" in result) throw new Error(`${action.type} refused: ${result.error.code}`);
  return result;
}

/** A random legal move, now and then a timeout. */
function chooseMove(random: Random, seat: number, legal: LegalActions): TableAction {
  const roll = random();
  if (roll < 0.03) return { type: "timeout", seat };
  if (roll < 0.18 && !legal.canCheck) return { type: "fold", seat };
  if (roll < 0.7 || !(legal.canBet || legal.canRaise)) {
    if (legal.canCheck) return { type: "check", seat };
    if (legal.canCall) return { type: "call", seat };
    return legal.canAllIn ? { type: "all_in", seat } : { type: "fold", seat };
  }
  if (roll < 0.78 && legal.canAllIn) return { type: "all_in", seat };
  const to = random() < 0.5 ? legal.minRaiseTo : between(random, legal.minRaiseTo, legal.maxRaiseTo);
  return { type: legal.canBet ? "bet" : "raise", seat, amount: to };
}

/** A fresh table of 2-9 seats with random blinds and stacks (some shorter than a blind). */
function newTable(random: Random): TableState {
  const maxPlayers = between(random, 2, 9);
  const smallBlind = between(random, 1, 5);
  const ante = random() < 0.4 ? between(random, 1, smallBlind) : 0;
  let state = createTable({ maxPlayers, smallBlind, bigBlind: smallBlind * between(random, 1, 2), ante });
  const seats = drawDistinctCards(
    random,
    between(random, 2, maxPlayers),
    Array.from({ length: maxPlayers }, (_, i) => i),
  );
  for (const seat of seats) {
    const bigBlind = state.config.bigBlind;
    const stack =
      random() < 0.2 ? between(random, 1, bigBlind * 2) : between(random, bigBlind * 2, bigBlind * 150);
    state = apply(state, { type: "sit", seat, playerId: `id${seat}`, name: `p${seat}`, stack }).state;
  }
  return state;
}

/** Plays one hand with random moves (and, rarely, a player leaving out of turn); its events and end state. */
function playHand(random: Random, start: TableState): { events: TableEvent[]; state: TableState } {
  let { state, events } = apply(start, { type: "start_hand", deck: drawDistinctCards(random, 52) });
  events = [...events];
  while (!state.hand!.ended) {
    const hand = state.hand!;
    let action: TableAction;
    const leavers = hand.players.filter((p) => !p.folded && !p.allIn && p.seat !== hand.toAct);
    if (hand.toAct === null) action = { type: "advance" };
    else if (leavers.length > 0 && random() < 0.03)
      action = { type: "leave", seat: leavers[between(random, 0, leavers.length - 1)]!.seat };
    else action = chooseMove(random, hand.toAct, legalActions(state, hand.toAct));
    const result = apply(state, action);
    state = result.state;
    events.push(...result.events);
  }
  return { events, state };
}

/** The bridges for hhp described above. */
function bridgeForHhp(text: string): string {
  return text
    .replace(/^(PokerStars Hand #\d+: {2}Hold'em No Limit )\((\d+)\/(\d+)\)/, "$1($$$2/$$$3)")
    .replace(/^(PokerStars Hand #\d+: Tournament #\d+, )(\d+)\+(\d+) HC /, "$1$$$2+$$$3 USD ")
    .replace(/^(Table '.*' \d+-max) \(Play Money\)/m, "$1")
    .replace(/^(.+: posts (?:small blind|big blind|the ante) \d+) and is all-in$/gm, "$1");
}

/**
 * Checks that the parsed actions come in an order a replayer accepts: each actor is the next one
 * owed an action. The exception is leavers' folds as the hand's last actions: the engine folds
 * a leaver at once, and when the hand ends or runs out without another turn for them, there is
 * no turn to print it at.
 */
function expectTurnOrder(parsed: ParsedHand, bigBlindSeatNo: number, leavers: ReadonlySet<string>): void {
  const seatOf = new Map(parsed.seats.map((s) => [s.player, s.seatno]));
  const chips = new Map(parsed.seats.map((s) => [s.player, s.chips]));
  const folded = new Set<string>();
  const seatCount = parsed.table.maxseats;
  for (const p of parsed.posts) chips.set(p.player, chips.get(p.player)! - p.amount);
  const all = STREETS.flatMap((street) => parsed[street].filter((a) => BETTING.has(a.type)));
  let closingFolds = 0;
  while (closingFolds < all.length) {
    const a = all[all.length - 1 - closingFolds]!;
    if (a.type !== "fold" || !leavers.has(a.player)) break;
    closingFolds++;
  }
  const lastChecked = all[all.length - 1 - closingFolds];
  for (const street of STREETS) {
    const bets = new Map<string, number>();
    if (street === "preflop")
      for (const p of parsed.posts)
        if (p.type !== "ante") bets.set(p.player, (bets.get(p.player) ?? 0) + p.amount);
    let level = street === "preflop" ? parsed.info.bb : 0;
    const acted = new Set<string>();
    let previous = street === "preflop" ? bigBlindSeatNo : parsed.table.button;
    const inPlay = (name: string): boolean => !folded.has(name) && chips.get(name)! > 0;
    const owes = (name: string): boolean => {
      if (!inPlay(name)) return false;
      const others = parsed.seats.filter((s) => s.player !== name && inPlay(s.player)).length;
      const facing = (bets.get(name) ?? 0) < level;
      return others === 0 ? facing : !acted.has(name) || facing;
    };
    for (const action of parsed[street].filter((a) => BETTING.has(a.type))) {
      if (closingFolds > 0 && (lastChecked === undefined || all.indexOf(action) > all.indexOf(lastChecked)))
        break;
      const due = parsed.seats
        .filter((s) => owes(s.player))
        .sort(
          (a, b) =>
            distanceAfter(previous - 1, a.seatno - 1, seatCount) -
            distanceAfter(previous - 1, b.seatno - 1, seatCount),
        )[0];
      expect(action.player, `${street} after seat ${previous}`).toBe(due?.player);
      const before = bets.get(action.player) ?? 0;
      const added =
        action.type === "raise"
          ? action.raiseTo! - before
          : action.type === "bet" || action.type === "call"
            ? action.amount!
            : 0;
      bets.set(action.player, before + added);
      chips.set(action.player, chips.get(action.player)! - added);
      if (action.type === "fold") folded.add(action.player);
      if (action.type === "bet" || action.type === "raise") level = before + added;
      acted.add(action.player);
      previous = seatOf.get(action.player)!;
    }
  }
}

/** Reads one exported hand with hhp and checks it against the engine's own record of it. */
function checkHand(random: Random, events: readonly TableEvent[], state: TableState): void {
  const started = events.find((e) => e.type === "hand_started")!;
  if (started.type !== "hand_started") throw new Error("no hand");
  const hero = started.players[between(random, 0, started.players.length - 1)]!.seat;
  const text = exportHandHistory(events, {
    tableName: "Orion",
    maxPlayers: state.config.maxPlayers,
    startedAt: Date.UTC(2026, 10, 25, 18, 45, 0),
    heroSeat: hero,
    handId: 1000 + started.handNumber,
    currency: "HC",
    ...(state.config.ante
      ? { tournament: { id: "4242", buyIn: "10", fee: "1", currency: "HC" as const, level: 4 } }
      : {}),
  });
  try {
    checkParsed(hhp.parseHand(bridgeForHhp(text)), events, state, hero);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${text}`, { cause: error });
  }
}

function checkParsed(
  parsed: ParsedHand,
  events: readonly TableEvent[],
  state: TableState,
  hero: number,
): void {
  const started = events.find((e) => e.type === "hand_started")!;
  if (started.type !== "hand_started") throw new Error("no hand");

  // Header, table and seats.
  expect(parsed.info).toMatchObject({
    sb: started.smallBlind,
    bb: started.bigBlind,
    handid: String(1000 + started.handNumber),
  });
  if (state.config.ante)
    expect(parsed.info).toMatchObject({ gametype: "tournament", ante: state.config.ante, level: "iv" });
  expect(parsed.table).toMatchObject({ maxseats: state.config.maxPlayers, button: started.buttonSeat + 1 });
  expect(parsed.seats.map((s) => [s.seatno, s.player, s.chips])).toEqual(
    started.players.map((p) => [p.seat + 1, p.name, p.stack]),
  );
  const seatOf = new Map(started.players.map((p) => [p.name, p.seat]));
  const blinds = events.flatMap((e) =>
    e.type === "blind_posted" ? [[`p${e.seat}`, e.amount] as const] : [],
  );
  const antes = events.flatMap((e) => (e.type === "ante_posted" ? [[`p${e.seat}`, e.amount] as const] : []));
  const [antePosts, blindPosts] = [
    parsed.posts.filter((p) => p.type === "ante"),
    parsed.posts.filter((p) => p.type !== "ante"),
  ];
  expect(antePosts.map((p) => [p.player, p.amount])).toEqual(antes);
  expect(blindPosts.map((p) => [p.player, p.amount])).toEqual(blinds);
  const heroCards = (
    events.find((e) => e.type === "hole_cards_dealt" && e.seat === hero) as { cards: number[] }
  ).cards;
  expect(parsed.hero).toBe(`p${hero}`);
  expect([parsed.holecards?.card1, parsed.holecards?.card2]).toEqual(heroCards.map(formatHistoryCard));
  const board = state.hand!.board.map(formatHistoryCard);
  expect([1, 2, 3, 4, 5].map((i) => parsed.board?.[`card${i}`]).filter(Boolean)).toEqual(board);

  // Every chip put in, read from the actions (raises by their "to" amount), and each increment.
  const putIn = new Map<string, number>();
  for (const p of parsed.posts) putIn.set(p.player, (putIn.get(p.player) ?? 0) + p.amount);
  const blindsIn = new Map<string, number>();
  for (const p of blindPosts) blindsIn.set(p.player, (blindsIn.get(p.player) ?? 0) + p.amount);
  for (const street of STREETS) {
    const inRound = new Map<string, number>(street === "preflop" ? blindsIn : []);
    let level = street === "preflop" ? parsed.info.bb : 0;
    for (const a of parsed[street]) {
      const before = inRound.get(a.player) ?? 0;
      let added = 0;
      if (a.type === "call" || a.type === "bet") added = a.amount!;
      if (a.type === "raise") {
        expect(a.amount, "raise increment over the bet to call").toBe(a.raiseTo! - level);
        added = a.raiseTo! - before;
      }
      if (a.type === "bet-returned") added = -a.amount!;
      if (a.type === "bet" || a.type === "raise") level = before + added;
      inRound.set(a.player, before + added);
      putIn.set(a.player, (putIn.get(a.player) ?? 0) + added);
    }
  }
  for (const p of state.hand!.players)
    expect(putIn.get(`p${p.seat}`) ?? 0, `p${p.seat} put in`).toBe(p.committed);

  // The pot, the rake, each winner's share and each final stack.
  const ended = events.find((e) => e.type === "hand_ended");
  if (ended?.type !== "hand_ended") throw new Error("hand did not end");
  const pot = parsed.summary.find((s) => s.type === "pot");
  const sidePots = events.filter((e) => e.type === "pot_awarded" && e.potIndex > 0).length;
  if (sidePots <= 1)
    expect(pot).toMatchObject({ amount: ended.totalPot, rake: ended.rake, single: sidePots === 0 });
  const won = new Map<number, number>();
  for (const s of parsed.summary)
    if (s.seatno !== undefined && s.amount !== undefined)
      won.set(s.seatno - 1, (won.get(s.seatno - 1) ?? 0) + s.amount);
  const awarded = new Map<number, number>();
  for (const e of events)
    if (e.type === "pot_awarded")
      for (const w of e.winners) awarded.set(w.seat, (awarded.get(w.seat) ?? 0) + w.amount);
  expect(won).toEqual(awarded);
  expect([...won.values()].reduce((a, b) => a + b, 0) + ended.rake).toBe(ended.totalPot);
  const left = new Map(events.flatMap((e) => (e.type === "player_left" ? [[e.seat, e.stack] as const] : [])));
  for (const s of parsed.seats) {
    const seat = seatOf.get(s.player)!;
    const after = s.chips - (putIn.get(s.player) ?? 0) + (won.get(seat) ?? 0);
    expect(after, `${s.player} after the hand`).toBe(state.seats[seat]?.stack ?? left.get(seat) ?? 0);
  }
  const leavers = new Set(
    events.flatMap((e) => (e.type === "action_taken" && e.outOfTurn ? [`p${e.seat}`] : [])),
  );
  expectTurnOrder(parsed, started.bigBlindSeat + 1, leavers);
}

describe("hand histories read by an independent parser (hhp)", () => {
  it("match the engine's record over seeded random hands with side pots, short blinds and antes", () => {
    const random = createSeededRandom(4_151_977);
    const seen = { shortBlind: 0, sidePots: 0, uncalled: 0, leavers: 0, showdowns: 0, antes: 0 };
    let hands = 0;
    while (hands < 600) {
      let state = newTable(random);
      for (let n = 0; n < 8 && state.seats.filter(Boolean).length >= 2; n++) {
        const played = playHand(random, state);
        checkHand(random, played.events, played.state);
        hands++;
        state = played.state;
        const e = played.events;
        if (e.some((x) => x.type === "blind_posted" && x.allIn)) seen.shortBlind++;
        if (e.some((x) => x.type === "ante_posted")) seen.antes++;
        if (e.some((x) => x.type === "pot_awarded" && x.potIndex > 0)) seen.sidePots++;
        if (e.some((x) => x.type === "uncalled_bet_returned")) seen.uncalled++;
        if (e.some((x) => x.type === "action_taken" && x.outOfTurn)) seen.leavers++;
        if (e.some((x) => x.type === "hand_shown" && x.handName !== null)) seen.showdowns++;
      }
    }
    for (const [kind, count] of Object.entries(seen)) expect(count, kind).toBeGreaterThan(5);
  });
});

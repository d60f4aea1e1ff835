/**
 * Starting a hand: positions by the dead-button rule, antes (tournament levels: every dealt-in
 * player puts the ante straight into the pot, a short stack what it has, all-in), blinds (short
 * stacks post what they have and are all-in; the bet to call stays the full big blind), hole cards
 * one at a time from the first seat left of the button, then the first pre-flop action.
 */
import type { CardIndex } from "../../fair/cards.ts";
import { tableError } from "./errors.ts";
import { progressHand } from "./hand-flow.ts";
import { chooseHandPositions } from "./positions.ts";
import { computePots } from "./pots.ts";
import { seatsAfter } from "./seats.ts";
import type { HandPlayer, HandState, TableError, TableEvent, TableState } from "./types.ts";

/** Whether a deck is the 52 cards, each once. */
export function isFullDeck(deck: unknown): deck is CardIndex[] {
  if (!Array.isArray(deck) || deck.length !== 52) return false;
  const seen = new Set<number>();
  for (const card of deck) {
    if (!Number.isInteger(card) || card < 0 || card > 51 || seen.has(card)) return false;
    seen.add(card);
  }
  return true;
}

/** Starts the next hand with a shuffled deck; refuses while a hand is live or with fewer than two players. */
export function startHand(
  state: TableState,
  deck: unknown,
  deckHash: string | undefined,
  events: TableEvent[],
): { error: TableError } | null {
  if (state.hand && !state.hand.ended) return tableError("poker/hand_in_progress");
  if (!isFullDeck(deck)) return tableError("poker/invalid_deck");
  const positions = chooseHandPositions(state);
  if (!positions) return tableError("poker/not_enough_players");
  const { config } = state;
  for (const seat of positions.missedBigBlind) state.seats[seat]!.waitingForBigBlind = true;
  const players: HandPlayer[] = positions.dealtIn.map((seat) => {
    const seated = state.seats[seat]!;
    seated.waitingForBigBlind = false;
    seated.postingBigBlind = false;
    return {
      seat,
      holeCards: [],
      bet: 0,
      committed: 0,
      folded: false,
      allIn: false,
      actedAtBet: null,
      shown: false,
    };
  });
  const hand: HandState = {
    handNumber: state.handCount + 1,
    buttonSeat: positions.buttonSeat,
    smallBlindSeat: positions.smallBlindSeat,
    bigBlindSeat: positions.bigBlindSeat,
    street: "preflop",
    board: [],
    deck: [],
    deckHash: deckHash ?? null,
    players,
    pots: [],
    currentBet: config.bigBlind,
    lastFullRaise: config.bigBlind,
    toAct: null,
    actionDeadline: null,
    lastAggressor: null,
    runoutPending: false,
    rake: 0,
    results: [],
    ended: false,
  };
  state.hand = hand;
  state.handCount = hand.handNumber;
  state.phase = "preflop";
  state.lastButtonSeat = positions.buttonSeat;
  state.lastSmallBlindSeat = positions.smallBlindPosition;
  state.lastBigBlindSeat = positions.bigBlindSeat;
  events.push({
    type: "hand_started",
    handNumber: hand.handNumber,
    buttonSeat: hand.buttonSeat,
    smallBlindSeat: hand.smallBlindSeat,
    bigBlindSeat: hand.bigBlindSeat,
    deckHash: hand.deckHash,
    players: players.map(({ seat }) => {
      const { playerId, name, stack } = state.seats[seat]!;
      return { seat, playerId, name, stack };
    }),
    smallBlind: config.smallBlind,
    bigBlind: config.bigBlind,
    ...(config.ante ? { ante: config.ante } : {}),
  });
  if (config.ante) postAntes(state, hand, config.ante, events);
  const post = (seat: number, blind: "small" | "big" | "extra_big", amount: number): void => {
    const p = players.find((x) => x.seat === seat)!;
    const seated = state.seats[seat]!;
    if (p.allIn) return; // all-in on the ante: nothing left to post
    const paid = Math.min(amount, seated.stack);
    seated.stack -= paid;
    p.bet += paid;
    p.committed += paid;
    p.allIn = seated.stack === 0;
    events.push({ type: "blind_posted", seat, blind, amount: paid, allIn: p.allIn });
  };
  if (positions.smallBlindSeat !== null) post(positions.smallBlindSeat, "small", config.smallBlind);
  post(positions.bigBlindSeat, "big", config.bigBlind);
  for (const seat of positions.extraBigBlinds) post(seat, "extra_big", config.bigBlind);
  dealHoleCards(state, hand, deck, events);
  progressHand(state, hand, positions.bigBlindSeat, events);
  return null;
}

/** Every dealt-in player's ante, dead money straight into the pot (not a bet: never returned as uncalled). */
function postAntes(state: TableState, hand: HandState, ante: number, events: TableEvent[]): void {
  for (const p of hand.players) {
    const seated = state.seats[p.seat]!;
    const paid = Math.min(ante, seated.stack);
    seated.stack -= paid;
    p.committed += paid;
    p.allIn = seated.stack === 0;
    events.push({ type: "ante_posted", seat: p.seat, amount: paid, allIn: p.allIn });
  }
  hand.pots = computePots(hand.players);
}

/** Two rounds of one card each, starting left of the button; the rest of the deck waits for the board. */
function dealHoleCards(state: TableState, hand: HandState, deck: CardIndex[], events: TableEvent[]): void {
  const order = seatsAfter(hand.buttonSeat, state.config.maxPlayers).flatMap((seat) => {
    const p = hand.players.find((x) => x.seat === seat);
    return p ? [p] : [];
  });
  let next = 0;
  for (let round = 0; round < 2; round++) {
    for (const p of order) p.holeCards.push(deck[next++]!);
  }
  hand.deck = deck.slice(next);
  for (const p of order) events.push({ type: "hole_cards_dealt", seat: p.seat, cards: [...p.holeCards] });
}

/**
 * The state of a single-player game room (@colyseus/schema 5, builder style): the player's live
 * balances, whether an action is running, the open round's public view (blackjack hands with the
 * dealer's hole card hidden, the hi-lo card and its multipliers, the slots bonus held) and the last
 * result. Amounts are exact decimal strings in coins; the rules never run on these classes.
 */
import { type SchemaType, schema, t } from "@colyseus/schema";

/** A card face: blackjack rank and suit name, or hi-lo value and suit symbol; "hidden" when face down. */
export const RoomCard = schema({ rank: t.string(), suit: t.string() }, "RoomCard");
export type RoomCard = SchemaType<typeof RoomCard>;

/** Both balances of the player. */
export const RoomBalances = schema(
  { HC: t.string().default("0"), AMINA: t.string().default("0") },
  "RoomBalances",
);
export type RoomBalances = SchemaType<typeof RoomBalances>;

/** The stake, the win and their currency of a round (fresh builders for each schema that holds them). */
function roundMoneyFields() {
  return { betAmount: t.string(), winAmount: t.string(), currency: t.string() };
}

/** One blackjack hand as the player sees it. */
export const RoomBlackjackHand = schema(
  {
    cards: t.array(RoomCard),
    total: t.uint8(),
    soft: t.boolean(),
    betAmount: t.string(),
    doubled: t.boolean(),
    result: t.string(), // "" while playing, then blackjack, win, push, lose or bust
    winAmount: t.string(),
  },
  "RoomBlackjackHand",
);
export type RoomBlackjackHand = SchemaType<typeof RoomBlackjackHand>;

/** The open (or last finished) blackjack hand; `active` is false when there is none. */
export const RoomBlackjack = schema(
  {
    active: t.boolean(),
    phase: t.string(), // "player" or "settled"
    dealerCards: t.array(RoomCard),
    dealerTotal: t.uint8(),
    hands: t.array(RoomBlackjackHand),
    activeHand: t.uint8(),
    result: t.string(), // "playing" or the round's result
    canHit: t.boolean(),
    canStand: t.boolean(),
    canDouble: t.boolean(),
    canSplit: t.boolean(),
    ...roundMoneyFields(),
  },
  "RoomBlackjack",
);
export type RoomBlackjack = SchemaType<typeof RoomBlackjack>;

/** The open (or last finished) hi-lo round; multipliers are 0 when a guess cannot win. */
export const RoomHilo = schema(
  {
    active: t.boolean(),
    status: t.string(), // active, lost or cashed_out
    currentCard: RoomCard,
    streak: t.uint32(),
    multiplier: t.float64(),
    higherMultiplier: t.float64(),
    lowerMultiplier: t.float64(),
    higherChance: t.float64(),
    lowerChance: t.float64(),
    potentialWin: t.string(),
    ...roundMoneyFields(),
  },
  "RoomHilo",
);
export type RoomHilo = SchemaType<typeof RoomHilo>;

/** The slots bonus the server holds for the player (0 spins when none). */
export const RoomSlots = schema(
  {
    freeSpinsLeft: t.uint8(),
    freeSpinMultiplier: t.uint8().default(1),
    freeSpinBetAmount: t.string(),
    freeSpinCurrency: t.string(),
  },
  "RoomSlots",
);
export type RoomSlots = SchemaType<typeof RoomSlots>;

/** The whole room state. */
export const GameRoomState = schema(
  {
    gameType: t.string(),
    balances: RoomBalances,
    busy: t.boolean(),
    blackjack: RoomBlackjack,
    hilo: RoomHilo,
    slots: RoomSlots,
    ballsInFlight: t.uint8(),
    lastResult: t.string(), // the last "result" message as JSON ("" before the first)
  },
  "GameRoomState",
);
export type GameRoomState = SchemaType<typeof GameRoomState>;

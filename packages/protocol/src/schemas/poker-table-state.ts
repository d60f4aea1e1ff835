/**
 * The state of a `poker_table` room and of the poker lobby (@colyseus/schema 5, builder style).
 * SPEC.md section 3's table and player fields, plus pots, positions, the turn and its deadline, the
 * deck commitment of the hand and the last hand's commitment (never a hand seed: docs/FAIRNESS.md).
 * Hole cards are `.view()` fields: a client receives only its own until a hand is shown down.
 * Chips are whole chips; buy-ins are in coins.
 */
import { type SchemaType, schema, t } from "@colyseus/schema";

/** A card face as SPEC.md shows it (rank "2".."10", "J", "Q", "K", "A"; suit name). */
export const PokerCard = schema({ rank: t.string(), suit: t.string() }, "PokerCard");
export type PokerCard = SchemaType<typeof PokerCard>;

/** A pot and the seats that can win it. */
export const PokerPot = schema({ amount: t.number(), eligibleSeats: t.array("uint8") }, "PokerPot");
export type PokerPot = SchemaType<typeof PokerPot>;

/** One winner's share of one pot of the last hand. */
export const PokerWinner = schema(
  { seat: t.uint8(), potIndex: t.uint8(), amount: t.number(), handName: t.string() },
  "PokerWinner",
);
export type PokerWinner = SchemaType<typeof PokerWinner>;

/** A seated player; `holeCards` and `preAction` reach only views that hold this player. */
export const PokerPlayer = schema(
  {
    holeCards: t.array(PokerCard).view(),
    preAction: t.string().view(), // "", "check_fold" or "call_any"
    userId: t.string(),
    seatPosition: t.uint8(),
    isBot: t.boolean(),
    botName: t.string(),
    displayName: t.string(),
    chipCount: t.number(),
    currentBet: t.number(),
    hasFolded: t.boolean(),
    isAllIn: t.boolean(),
    inHand: t.boolean(), // dealt into the current (or last) hand
    cardsShown: t.boolean(), // hole cards face up for everyone
    isSittingOut: t.boolean(),
    isConnected: t.boolean(),
    lastAction: t.string(), // "fold", "check", "call", "bet", "raise", "all-in", "" at a new round
    ante: t.number(), // the ante posted this hand, 0 for none
    anteAllIn: t.boolean(), // the ante put the player all-in
    timeBank: t.number(), // milliseconds of time bank left
  },
  "PokerPlayer",
);
export type PokerPlayer = SchemaType<typeof PokerPlayer>;

/** What the seat to act may do now (public: everyone can work it out). */
export const PokerLegalActions = schema(
  {
    seat: t.int8().default(-1),
    canFold: t.boolean(),
    canCheck: t.boolean(),
    canCall: t.boolean(),
    callAmount: t.number(),
    canBet: t.boolean(),
    canRaise: t.boolean(),
    minRaiseTo: t.number(),
    maxRaiseTo: t.number(),
    canAllIn: t.boolean(),
  },
  "PokerLegalActions",
);
export type PokerLegalActions = SchemaType<typeof PokerLegalActions>;

/** What a table shows in the lobby and at the table alike (fresh builders for each schema). */
function tableInfoFields() {
  return {
    id: t.string(),
    name: t.string(),
    currency: t.string(),
    isHouse: t.boolean(),
    smallBlind: t.number(),
    bigBlind: t.number(),
    buyInMin: t.float64(), // coins
    buyInMax: t.float64(), // coins
  };
}

/** The whole table. Seats with nobody are absent from `players` (keyed by seat number). */
export const PokerTableState = schema(
  {
    ...tableInfoFields(),
    chipsPerCoin: t.number(),
    maxPlayers: t.uint8(),
    gamePhase: t.string(), // waiting, preflop, flop, turn, river, showdown
    currentPot: t.number(),
    communityCards: t.array(PokerCard),
    players: t.map(PokerPlayer),
    pots: t.array(PokerPot),
    handNumber: t.uint32(),
    dealerSeat: t.int8().default(-1),
    smallBlindSeat: t.int8().default(-1),
    bigBlindSeat: t.int8().default(-1),
    toActSeat: t.int8().default(-1),
    actionDeadline: t.float64(), // epoch ms, 0 when nobody is to act
    usingTimeBank: t.boolean(),
    legalActions: PokerLegalActions,
    nextHandAt: t.float64(), // epoch ms of the automatic start, 0 when none is planned
    deckCommitment: t.string(), // SHA-256 of the current hand's seed, published before the deal
    deckRoot: t.string(), // Merkle root of the current hand's deck positions, published before the deal
    lastHandId: t.string(),
    lastHandNumber: t.uint32(),
    lastRevealedCommitment: t.string(), // the last hand's seed hash (its seed is never sent)
    lastDeckRoot: t.string(), // the last hand's Merkle root; its opened positions come over REST
    lastClientSeeds: t.array("string"), // the last hand's client seeds in seat order
    winners: t.array(PokerWinner),
    // The table's latest betting action (HandActionView in poker-view.ts): a new actionSeq is a new
    // action, so a client that watches it sees every action once, those that close a street included.
    actionSeq: t.uint32(),
    actionSeat: t.int8().default(-1),
    actionType: t.string(), // "fold", "check", "call", "bet" or "raise" ("" before the first)
    actionAmount: t.number(), // chips the action added
    actionTo: t.number(), // the player's total bet this round after it
    actionAllIn: t.boolean(),
    actionStreet: t.string(), // "preflop", "flop", "turn" or "river" ("" before the first)
    paused: t.boolean(), // maintenance mode: no new hands
    version: t.uint32(), // the engine's version: a betting action names the one it was taken on
  },
  "PokerTableState",
);
export type PokerTableState = SchemaType<typeof PokerTableState>;

/** One table in the live lobby list. */
export const PokerLobbyTable = schema(
  {
    ...tableInfoFields(),
    maxPlayers: t.uint8(),
    playerCount: t.uint8(),
    humanCount: t.uint8(),
    botCount: t.uint8(),
    gamePhase: t.string(),
    status: t.string(), // "waiting", "playing" or "full"
    handNumber: t.uint32(),
  },
  "PokerLobbyTable",
);
export type PokerLobbyTable = SchemaType<typeof PokerLobbyTable>;

/** The lobby room's state: every table by id. */
export const PokerLobbyState = schema({ tables: t.map(PokerLobbyTable) }, "PokerLobbyState");
export type PokerLobbyState = SchemaType<typeof PokerLobbyState>;

/**
 * The poker table as the server shows it (SPEC.md section 3): the lobby's summary of a table, the
 * table view a REST answer carries (GET /api/poker/tables/{id}, and every move's answer), and the
 * answers of the poker REST moves. The server's types are inferred from these schemas and the
 * client parses what it reads with them. Chips are whole chips; buy-ins are in coins.
 */
import { z } from "zod";
import { RANKS, SUITS } from "../fair/cards.ts";

/** A card face: rank "2".."10", "J", "Q", "K", "A" and a suit name. */
export const cardFaceSchema = z.object({ rank: z.enum(RANKS), suit: z.enum(SUITS) });

/** A table in the lobby list (GET /api/poker/tables). */
export const tableSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  currency: z.string(),
  isHouse: z.boolean(),
  smallBlind: z.number(),
  bigBlind: z.number(),
  /** Buy-in range in coins (what the join body's buyInAmount is in). */
  buyInMin: z.number(),
  buyInMax: z.number(),
  /** The same range in chips. */
  buyInMinChips: z.number(),
  buyInMaxChips: z.number(),
  chipsPerCoin: z.number(),
  maxPlayers: z.number(),
  playerCount: z.number(),
  humanCount: z.number(),
  botCount: z.number(),
  gamePhase: z.string(),
  status: z.enum(["waiting", "playing", "full"]),
  handNumber: z.number(),
});
export type TableSummary = z.infer<typeof tableSummarySchema>;

/** GET /api/poker/tables: every table of the casino. */
export const tableListSchema = z.array(tableSummarySchema);

/** A seated player; `holeCards` is empty unless the viewer may see them. */
export const seatViewSchema = z.object({
  userId: z.string(),
  seatPosition: z.number(),
  isBot: z.boolean(),
  botName: z.string(),
  displayName: z.string(),
  chipCount: z.number(),
  currentBet: z.number(),
  hasFolded: z.boolean(),
  isAllIn: z.boolean(),
  inHand: z.boolean(),
  cardsShown: z.boolean(),
  isSittingOut: z.boolean(),
  isConnected: z.boolean(),
  lastAction: z.string(),
  /** The ante posted this hand (0: none), and whether it put the player all-in. */
  ante: z.number(),
  anteAllIn: z.boolean(),
  timeBank: z.number(),
  preAction: z.string(),
  holeCards: z.array(cardFaceSchema),
});
export type SeatView = z.infer<typeof seatViewSchema>;

/** What the seat to act may do, as far as the room state carries it (seat -1: nobody is to act). */
export const roomLegalActionsShape = {
  seat: z.number(),
  canFold: z.boolean(),
  canCheck: z.boolean(),
  canCall: z.boolean(),
  /** Chips a call adds (an all-in call adds the whole stack). */
  callAmount: z.number(),
  /** No bet this round yet: a bet is allowed. */
  canBet: z.boolean(),
  /** Facing a bet: a raise is allowed. */
  canRaise: z.boolean(),
  /** Smallest total for a bet or raise (the all-in total when the stack is short of a full raise). */
  minRaiseTo: z.number(),
  /** Largest total for a bet or raise: all-in. */
  maxRaiseTo: z.number(),
  /** An all-in bet, raise or call is allowed (false when the stack exceeds a call that cannot be raised). */
  canAllIn: z.boolean(),
};

/** What the seat to act may do: the room state's fields, whose turn it is and the chips in play. */
export const legalActionsSchema = z.object({
  ...roomLegalActionsShape,
  /** It is this seat's turn; everything else is false or 0 when it is not. */
  isTurn: z.boolean(),
  /** Chips behind, chips bet this round, the round's highest bet, and everything in the middle. */
  stack: z.number(),
  bet: z.number(),
  currentBet: z.number(),
  pot: z.number(),
});

/** A pot and the seats that can win it. */
export const potViewSchema = z.object({ amount: z.number(), eligibleSeats: z.array(z.number()) });

/** One winner's share of one pot of the last hand. */
export const winnerViewSchema = z.object({
  seat: z.number(),
  potIndex: z.number(),
  amount: z.number(),
  handName: z.string(),
});

/**
 * The table's latest betting action. `seq` counts the table's actions, so a client that watches it
 * change sees every action once, the one that closed a street included (a player's `lastAction`
 * is cleared when the next street is dealt). Seq 0 and seat -1: none yet.
 */
export const handActionViewSchema = z.object({
  seq: z.number(),
  seat: z.number(),
  action: z.enum(["", "fold", "check", "call", "bet", "raise"]),
  /** Chips the action added, and the player's total bet this round after it. */
  amount: z.number(),
  to: z.number(),
  /** The action put the player all-in. */
  allIn: z.boolean(),
  street: z.enum(["", "preflop", "flop", "turn", "river"]),
});
export type HandActionView = z.infer<typeof handActionViewSchema>;

/** No action yet. */
export const NO_HAND_ACTION: HandActionView = Object.freeze({
  seq: 0,
  seat: -1,
  action: "",
  amount: 0,
  to: 0,
  allIn: false,
  street: "",
});

/** The last hand's commitment (never its seed: that would expose every unshown card). */
export const lastHandViewSchema = z.object({
  handId: z.number(),
  handNumber: z.number(),
  deckHash: z.string(),
  deckRoot: z.string(),
  clientSeeds: z.array(z.string()),
});

/** The play on a table that both the REST view and the room state carry, field by field. */
export const tablePlayShape = {
  currentPot: z.number(),
  communityCards: z.array(cardFaceSchema),
  pots: z.array(potViewSchema),
  dealerSeat: z.number(),
  smallBlindSeat: z.number(),
  bigBlindSeat: z.number(),
  toActSeat: z.number(),
  actionDeadline: z.number(),
  usingTimeBank: z.boolean(),
  nextHandAt: z.number(),
  /** SHA-256 of the current hand's seed, published before the deal. */
  deckCommitment: z.string(),
  /** Merkle root of the current hand's deck positions, published before the deal. */
  deckRoot: z.string(),
  winners: z.array(winnerViewSchema),
  /** The table's latest betting action. */
  lastHandAction: handActionViewSchema,
  paused: z.boolean(),
  /** The engine's version: a betting action names the one it was taken on (an older one is stale). */
  version: z.number(),
};

/** A table with nothing going on: no hand, nobody to act (also the default of every absent field). */
export const IDLE_TABLE_PLAY: z.infer<z.ZodObject<typeof tablePlayShape>> = {
  currentPot: 0,
  communityCards: [],
  pots: [],
  dealerSeat: -1,
  smallBlindSeat: -1,
  bigBlindSeat: -1,
  toActSeat: -1,
  actionDeadline: 0,
  usingTimeBank: false,
  nextHandAt: 0,
  deckCommitment: "",
  deckRoot: "",
  winners: [],
  lastHandAction: NO_HAND_ACTION,
  paused: false,
  version: 0,
};

/** The whole table: the summary, the play, every player and the last hand's commitment. */
export const tableViewSchema = tableSummarySchema.extend({
  ...tablePlayShape,
  players: z.array(seatViewSchema),
  legalActions: legalActionsSchema.nullable(),
  lastHand: lastHandViewSchema.nullable(),
});
export type TableView = z.infer<typeof tableViewSchema>;

/** GET /api/poker/tables/{id}: the table as one viewer may see it, with the viewer's seat (-1: watching). */
export const viewerTableViewSchema = tableViewSchema.extend({ mySeat: z.number() });
export type ViewerTableView = z.infer<typeof viewerTableViewSchema>;

/** A table nobody has opened yet: its summary, no players, no hand. */
export function viewIdleTable(summary: TableSummary): ViewerTableView {
  return { ...summary, ...IDLE_TABLE_PLAY, players: [], legalActions: null, lastHand: null, mySeat: -1 };
}

/** What every poker REST answer carries: whether the move worked and the server's text. */
const pokerAnswerShape = { success: z.boolean(), message: z.string() };

/** POST /api/poker/tables/{id}/join: the seat taken, possibly at another table (`newTable`). */
export const pokerJoinAnswerSchema = z.object({
  ...pokerAnswerShape,
  tableId: z.string(),
  seatPosition: z.number(),
  chipCount: z.number(),
  table: viewerTableViewSchema.optional(),
  newTable: tableSummarySchema.optional(),
});
export type PokerJoinAnswer = z.infer<typeof pokerJoinAnswerSchema>;

/** POST /api/poker/tables/{id}/leave: `pending` when the seat goes only after the hand. */
export const pokerLeaveAnswerSchema = z.object({ ...pokerAnswerShape, pending: z.boolean().optional() });
export type PokerLeaveAnswer = z.infer<typeof pokerLeaveAnswerSchema>;

/** POST /api/poker/chip-transaction: the server's text and the new stack. */
export const pokerChipAnswerSchema = z.object({
  ...pokerAnswerShape,
  tableId: z.string(),
  chipCount: z.number(),
});
export type PokerChipAnswer = z.infer<typeof pokerChipAnswerSchema>;

/** The answer of start-hand, action, sit-out and pre-action: the table after the move. */
export const pokerMoveAnswerSchema = z.object({
  ...pokerAnswerShape,
  message: z.string().optional(),
  handNumber: z.number().optional(),
  table: viewerTableViewSchema,
});
export type PokerMoveAnswer = z.infer<typeof pokerMoveAnswerSchema>;

/** One table of the lobby room's state (and of the lobby list the client shows); its status is a plain string there. */
export const lobbyTableSchema = tableSummarySchema
  .pick({
    id: true,
    name: true,
    currency: true,
    isHouse: true,
    smallBlind: true,
    bigBlind: true,
    buyInMin: true,
    buyInMax: true,
    maxPlayers: true,
    playerCount: true,
    humanCount: true,
    botCount: true,
    gamePhase: true,
    status: true,
    handNumber: true,
  })
  .extend({ status: z.string() });
export type LobbyTable = z.infer<typeof lobbyTableSchema>;

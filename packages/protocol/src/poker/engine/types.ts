/**
 * Plain-JSON shapes of the No-Limit Hold'em engine: table configuration and state, the actions the
 * reducer accepts, the events it emits and its error values. Seats are 0..maxPlayers-1, clockwise;
 * chips are non-negative integers.
 */
import type { CardIndex } from "../../fair/cards.ts";

/** Table settings fixed when the table is created. */
export interface TableConfig {
  /** Seats at the table, 2..9. */
  maxPlayers: number;
  smallBlind: number;
  bigBlind: number;
  /** Rake in basis points of the pot (500 = 5%), taken once per hand when a flop was dealt. */
  rakeBasisPoints: number;
  /** Most rake per hand, in big blinds. */
  rakeCapBigBlinds: number;
  /** Time a player has to act before a timeout is accepted, when actions carry `now`. */
  actionTimeoutMs: number;
  /** Chips every dealt-in player puts in the pot before the blinds (tournament levels; absent or 0: none). */
  ante?: number;
}

/** A player occupying a seat, between and during hands. */
export interface SeatedPlayer {
  playerId: string;
  name: string;
  /** Chips behind (not yet bet this hand). */
  stack: number;
  /** Skips hands until turned off; missing the big blind while out means waiting for it again. */
  sittingOut: boolean;
  /** New or returning player who is dealt in only when the big blind reaches the seat (or posts). */
  waitingForBigBlind: boolean;
  /** Chose to post a big blind out of position to be dealt in at the next hand. */
  postingBigBlind: boolean;
  /** Asked to leave during a hand: folded, and the seat frees when the hand ends. */
  leaving: boolean;
}

/** Betting rounds of a hand, then the end of it. */
export type Street = "preflop" | "flop" | "turn" | "river" | "showdown";

/** What the table is doing, for lobbies and the UI. */
export type TablePhase = "waiting" | Street;

/** A player dealt into the current hand. */
export interface HandPlayer {
  seat: number;
  holeCards: CardIndex[];
  /** Chips bet in the current betting round (not yet in the pots). */
  bet: number;
  /** Chips put in over the whole hand, bets included. */
  committed: number;
  folded: boolean;
  allIn: boolean;
  /** The table's bet level when this player last acted this round; null before acting (TDA 47 reopening). */
  actedAtBet: number | null;
  /** Hole cards are face up (all-in showdown or shown at showdown). */
  shown: boolean;
}

/** A pot and the seats that can win it. */
export interface Pot {
  amount: number;
  eligibleSeats: number[];
}

/** One winner's share of one pot. */
export interface PotShare {
  seat: number;
  amount: number;
  /** Null when the pot was won without a showdown. */
  handName: string | null;
}

/** The hand in play, or the last one finished (kept for display until the next starts). */
export interface HandState {
  handNumber: number;
  buttonSeat: number;
  /** Null for a dead small blind. */
  smallBlindSeat: number | null;
  bigBlindSeat: number;
  street: Street;
  board: CardIndex[];
  /** Cards not yet dealt, in order (secret: never leaves the server). */
  deck: CardIndex[];
  /** Commitment to the deck order published before the deal (SHA-256 of the hand seed). */
  deckHash: string | null;
  /** Dealt-in players in seat order. */
  players: HandPlayer[];
  /** Chips collected from finished betting rounds. */
  pots: Pot[];
  /** Highest bet of the current round. */
  currentBet: number;
  /** Size of the last full bet or raise of this round: the minimum raise increment (TDA 43). */
  lastFullRaise: number;
  /** Seat to act, or null when no one can act. */
  toAct: number | null;
  /** When the seat to act times out (ms), if the actions carry time. */
  actionDeadline: number | null;
  /** Last seat to bet or raise in the current round (shows first at showdown). */
  lastAggressor: number | null;
  /** Betting is over with cards still to come: each `advance` deals the next street. */
  runoutPending: boolean;
  /** Rake taken from this hand. */
  rake: number;
  /** Winnings per pot, filled when the hand ends. */
  results: PotShare[][];
  ended: boolean;
}

/** The whole table: the reducer's state. */
export interface TableState {
  config: TableConfig;
  /** One entry per seat, null when empty. */
  seats: (SeatedPlayer | null)[];
  phase: TablePhase;
  /** Hands started so far; the next hand gets this plus one. */
  handCount: number;
  /** Positions of the previous hand, for the dead-button rule. */
  lastButtonSeat: number | null;
  lastSmallBlindSeat: number | null;
  lastBigBlindSeat: number | null;
  hand: HandState | null;
  /** Rake taken over the table's life. */
  rakeTotal: number;
  /** Increments on every accepted action, so stale clients can be detected. */
  version: number;
}

/** Betting actions a seated player takes in turn. */
export type BettingActionType = "fold" | "check" | "call" | "bet" | "raise" | "all_in" | "timeout";

/** Everything the reducer accepts. `now` (ms) is the injected clock for action deadlines. */
export type TableAction =
  | {
      type: "sit";
      seat: number;
      playerId: string;
      name: string;
      stack: number;
      /** Post a big blind to play the next hand instead of waiting for the big blind. */
      postBigBlind?: boolean;
      now?: number;
    }
  | { type: "leave"; seat: number; now?: number }
  | { type: "sit_out"; seat: number; sittingOut: boolean; now?: number }
  | { type: "add_chips"; seat: number; amount: number; now?: number }
  | { type: "start_hand"; deck: CardIndex[]; deckHash?: string; now?: number }
  | { type: "fold" | "check" | "call" | "all_in" | "timeout"; seat: number; now?: number }
  | {
      type: "bet" | "raise";
      seat: number /** Total bet for this round after the action ("raise to"). */;
      amount: number;
      now?: number;
    }
  | { type: "advance"; now?: number };

/** What happened, in order, for broadcasts, logs and hand histories. */
export type TableEvent =
  | { type: "player_sat"; seat: number; playerId: string; name: string; stack: number }
  | { type: "player_left"; seat: number; playerId: string; stack: number }
  | { type: "player_busted"; seat: number; playerId: string }
  | { type: "chips_added"; seat: number; amount: number; stack: number }
  | { type: "sitting_out_changed"; seat: number; sittingOut: boolean }
  | {
      type: "hand_started";
      handNumber: number;
      buttonSeat: number;
      smallBlindSeat: number | null;
      bigBlindSeat: number;
      deckHash: string | null;
      players: { seat: number; playerId: string; name: string; stack: number }[];
      smallBlind: number;
      bigBlind: number;
      /** The ante of the hand, when there is one. */
      ante?: number;
    }
  | { type: "ante_posted"; seat: number; amount: number; allIn: boolean }
  | {
      type: "blind_posted";
      seat: number;
      blind: "small" | "big" | "extra_big";
      amount: number;
      allIn: boolean;
    }
  | { type: "hole_cards_dealt"; seat: number; cards: CardIndex[] }
  | {
      type: "action_taken";
      seat: number;
      action: "fold" | "check" | "call" | "bet" | "raise";
      /** Chips added by this action. */
      amount: number;
      /** The player's total bet this round afterwards. */
      to: number;
      allIn: boolean;
      timedOut: boolean;
      /** A fold out of turn by a player leaving mid-hand (hand histories print it where the action reaches them). */
      outOfTurn?: true;
    }
  | { type: "uncalled_bet_returned"; seat: number; amount: number }
  | { type: "street_dealt"; street: "flop" | "turn" | "river"; cards: CardIndex[]; board: CardIndex[] }
  | {
      type: "hand_shown";
      seat: number;
      cards: CardIndex[];
      /** Null when shown before the board is complete (all-in runouts). */
      handName: string | null;
    }
  | { type: "hand_mucked"; seat: number }
  | { type: "rake_taken"; amount: number }
  | { type: "pot_awarded"; potIndex: number; amount: number; winners: PotShare[] }
  | { type: "hand_ended"; handNumber: number; board: CardIndex[]; totalPot: number; rake: number };

/** An expected refusal: a namespaced code and a message a player can read. */
export interface TableError {
  code: `poker/${string}`;
  message: string;
}

/** The reducer's answer: the next state and what happened, or a refusal that changed nothing. */
export type TableResult = { state: TableState; events: TableEvent[] } | { error: TableError };

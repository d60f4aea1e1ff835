/**
 * The game room's synced state as plain JSON (GameRoomState of the protocol, after toJSON): what a
 * screen renders and resumes from. Amounts are exact decimal strings in coins.
 */

/** A card face: blackjack rank and suit name, hi-lo value and suit symbol, or "hidden". */
export type SnapshotCard = { rank: string; suit: string };

/** One blackjack hand as the room shows it. */
export type SnapshotBlackjackHand = {
  cards: SnapshotCard[];
  total: number;
  soft: boolean;
  betAmount: string;
  doubled: boolean;
  result: string;
  winAmount: string;
};

/** The open or last blackjack hand. */
export type SnapshotBlackjack = {
  active: boolean;
  phase: string;
  dealerCards: SnapshotCard[];
  dealerTotal: number;
  hands: SnapshotBlackjackHand[];
  activeHand: number;
  result: string;
  canHit: boolean;
  canStand: boolean;
  canDouble: boolean;
  canSplit: boolean;
  betAmount: string;
  winAmount: string;
  currency: string;
};

/** The open or last hi-lo round. */
export type SnapshotHilo = {
  active: boolean;
  status: string;
  currentCard?: SnapshotCard;
  streak: number;
  multiplier: number;
  higherMultiplier: number;
  lowerMultiplier: number;
  higherChance: number;
  lowerChance: number;
  potentialWin: string;
  betAmount: string;
  winAmount: string;
  currency: string;
};

/** The slots bonus the server holds. */
export type SnapshotSlots = {
  freeSpinsLeft: number;
  freeSpinMultiplier: number;
  freeSpinBetAmount: string;
  freeSpinCurrency: string;
};

/** The whole room state. */
export type RoomSnapshot = {
  gameType: string;
  balances: { HC: string; AMINA: string };
  busy: boolean;
  blackjack?: SnapshotBlackjack;
  hilo?: SnapshotHilo;
  slots?: SnapshotSlots;
  ballsInFlight: number;
  lastResult: string;
};

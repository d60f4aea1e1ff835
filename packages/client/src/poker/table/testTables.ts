/** Snapshot builders for the table tests: a waiting table and seated players with overrides. */
import { NO_LEGAL_ACTIONS, type PlayerSnap, type TableSnapshot } from "./tableSnapshot.ts";

/** A seated player with sensible defaults. */
export function makePlayer(seat: number, overrides: Partial<PlayerSnap> = {}): PlayerSnap {
  return {
    userId: `u${seat}`,
    seatPosition: seat,
    isBot: false,
    botName: "",
    displayName: `Player ${seat}`,
    chipCount: 100,
    currentBet: 0,
    hasFolded: false,
    isAllIn: false,
    inHand: false,
    cardsShown: false,
    isSittingOut: false,
    isConnected: true,
    lastAction: "",
    timeBank: 30_000,
    preAction: "",
    holeCards: [],
    ...overrides,
  };
}

/** A 6-max AMINA table, waiting, with the given players. */
export function makeTable(overrides: Partial<TableSnapshot> = {}): TableSnapshot {
  return {
    id: "nebula-amina-micro",
    name: "Nebula AMINA Micro",
    currency: "AMINA",
    isHouse: false,
    smallBlind: 1,
    bigBlind: 2,
    buyInMin: 0.04,
    buyInMax: 0.2,
    chipsPerCoin: 1000,
    maxPlayers: 6,
    gamePhase: "waiting",
    currentPot: 0,
    communityCards: [],
    players: [],
    pots: [],
    handNumber: 0,
    dealerSeat: -1,
    smallBlindSeat: -1,
    bigBlindSeat: -1,
    toActSeat: -1,
    actionDeadline: 0,
    usingTimeBank: false,
    legalActions: NO_LEGAL_ACTIONS,
    nextHandAt: 0,
    deckCommitment: "",
    deckRoot: "",
    lastHandId: "",
    lastHandNumber: 0,
    lastRevealedCommitment: "",
    lastDeckRoot: "",
    lastClientSeeds: [],
    winners: [],
    paused: false,
    ...overrides,
  };
}

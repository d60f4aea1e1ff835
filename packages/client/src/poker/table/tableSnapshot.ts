/**
 * The table as the screen draws it: one plain snapshot read either from the room's synced state
 * (PokerTableState after toJSON) or from GET /api/poker/tables/{id}, so both paths render alike.
 * Chips are whole chips; buy-ins are in coins.
 */

/** A card face: rank "2".."10", "J", "Q", "K", "A" and a suit name. */
export type CardSnap = { rank: string; suit: string };

/** A seated player; `holeCards` is empty unless this browser may see them. */
export type PlayerSnap = {
  userId: string;
  seatPosition: number;
  isBot: boolean;
  botName: string;
  displayName: string;
  chipCount: number;
  currentBet: number;
  hasFolded: boolean;
  isAllIn: boolean;
  inHand: boolean;
  cardsShown: boolean;
  isSittingOut: boolean;
  isConnected: boolean;
  lastAction: string;
  timeBank: number;
  preAction: string;
  holeCards: CardSnap[];
};

/** What the seat to act may do (seat -1: nobody is to act). */
export type LegalSnap = {
  seat: number;
  canFold: boolean;
  canCheck: boolean;
  canCall: boolean;
  callAmount: number;
  canBet: boolean;
  canRaise: boolean;
  minRaiseTo: number;
  maxRaiseTo: number;
  canAllIn: boolean;
};

/** A pot and who can win it. */
export type PotSnap = { amount: number; eligibleSeats: number[] };

/** One winner's share of one pot of the last hand. */
export type WinnerSnap = { seat: number; potIndex: number; amount: number; handName: string };

/** The whole table. */
export type TableSnapshot = {
  id: string;
  name: string;
  currency: string;
  isHouse: boolean;
  smallBlind: number;
  bigBlind: number;
  buyInMin: number;
  buyInMax: number;
  chipsPerCoin: number;
  maxPlayers: number;
  gamePhase: string;
  currentPot: number;
  communityCards: CardSnap[];
  /** Seated players by seat number, ascending. */
  players: PlayerSnap[];
  pots: PotSnap[];
  handNumber: number;
  dealerSeat: number;
  smallBlindSeat: number;
  bigBlindSeat: number;
  toActSeat: number;
  actionDeadline: number;
  usingTimeBank: boolean;
  legalActions: LegalSnap;
  nextHandAt: number;
  deckCommitment: string;
  deckRoot: string;
  lastHandId: string;
  lastHandNumber: number;
  lastRevealedCommitment: string;
  lastDeckRoot: string;
  lastClientSeeds: string[];
  winners: WinnerSnap[];
  paused: boolean;
};

/** Nobody is to act. */
export const NO_LEGAL_ACTIONS: LegalSnap = {
  seat: -1,
  canFold: false,
  canCheck: false,
  canCall: false,
  callAmount: 0,
  canBet: false,
  canRaise: false,
  minRaiseTo: 0,
  maxRaiseTo: 0,
  canAllIn: false,
};

type Loose = Record<string, unknown>;

function asRecord(value: unknown): Loose {
  return value && typeof value === "object" ? (value as Loose) : {};
}

function num(value: unknown, fallback = 0): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/**
 * A coin amount from the room state: schema numbers may arrive as 32-bit floats (0.04 as
 * 0.03999999910593033), so amounts are rounded back to the 6 decimals money has.
 */
export function readCoinAmount(value: unknown): number {
  return Math.round(num(value) * 1_000_000) / 1_000_000;
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === "object") return Object.values(value);
  return [];
}

function readCards(value: unknown): CardSnap[] {
  return list(value).map((c) => ({ rank: str(asRecord(c).rank), suit: str(asRecord(c).suit) }));
}

function readPlayer(value: unknown): PlayerSnap {
  const p = asRecord(value);
  return {
    userId: String(p.userId ?? ""),
    seatPosition: num(p.seatPosition),
    isBot: p.isBot === true,
    botName: str(p.botName),
    displayName: str(p.displayName),
    chipCount: num(p.chipCount),
    currentBet: num(p.currentBet),
    hasFolded: p.hasFolded === true,
    isAllIn: p.isAllIn === true,
    inHand: p.inHand === true,
    cardsShown: p.cardsShown === true,
    isSittingOut: p.isSittingOut === true,
    isConnected: p.isConnected !== false,
    lastAction: str(p.lastAction),
    timeBank: num(p.timeBank),
    preAction: str(p.preAction),
    holeCards: readCards(p.holeCards),
  };
}

function readLegal(value: unknown, fallbackSeat: number): LegalSnap {
  if (!value || typeof value !== "object") return NO_LEGAL_ACTIONS;
  const l = asRecord(value);
  return {
    seat: num(l.seat, fallbackSeat),
    canFold: l.canFold === true,
    canCheck: l.canCheck === true,
    canCall: l.canCall === true,
    callAmount: num(l.callAmount),
    canBet: l.canBet === true,
    canRaise: l.canRaise === true,
    minRaiseTo: num(l.minRaiseTo),
    maxRaiseTo: num(l.maxRaiseTo),
    canAllIn: l.canAllIn === true,
  };
}

/** The fields both sources share, read defensively (a field the server left out gets its default). */
function readCommon(s: Loose): Omit<TableSnapshot, "legalActions" | "lastHandId" | "lastHandNumber"> {
  return {
    id: str(s.id),
    name: str(s.name),
    currency: str(s.currency),
    isHouse: s.isHouse === true,
    smallBlind: num(s.smallBlind),
    bigBlind: num(s.bigBlind),
    buyInMin: readCoinAmount(s.buyInMin),
    buyInMax: readCoinAmount(s.buyInMax),
    chipsPerCoin: num(s.chipsPerCoin, 1),
    maxPlayers: num(s.maxPlayers, 6),
    gamePhase: str(s.gamePhase) || "waiting",
    currentPot: num(s.currentPot),
    communityCards: readCards(s.communityCards),
    players: list(s.players)
      .map(readPlayer)
      .sort((a, b) => a.seatPosition - b.seatPosition),
    pots: list(s.pots).map((p) => ({
      amount: num(asRecord(p).amount),
      eligibleSeats: list(asRecord(p).eligibleSeats).map((x) => num(x)),
    })),
    handNumber: num(s.handNumber),
    dealerSeat: num(s.dealerSeat, -1),
    smallBlindSeat: num(s.smallBlindSeat, -1),
    bigBlindSeat: num(s.bigBlindSeat, -1),
    toActSeat: num(s.toActSeat, -1),
    actionDeadline: num(s.actionDeadline),
    usingTimeBank: s.usingTimeBank === true,
    nextHandAt: num(s.nextHandAt),
    deckCommitment: str(s.deckCommitment),
    deckRoot: str(s.deckRoot),
    lastRevealedCommitment: str(s.lastRevealedCommitment),
    lastDeckRoot: str(s.lastDeckRoot),
    lastClientSeeds: list(s.lastClientSeeds).map(str),
    winners: list(s.winners).map((w) => {
      const x = asRecord(w);
      return {
        seat: num(x.seat),
        potIndex: num(x.potIndex),
        amount: num(x.amount),
        handName: str(x.handName),
      };
    }),
    paused: s.paused === true,
  };
}

/** The room's synced state (after toJSON) as a snapshot. */
export function readRoomState(json: unknown): TableSnapshot {
  const s = asRecord(json);
  return {
    ...readCommon(s),
    legalActions: readLegal(s.legalActions, -1),
    lastHandId: str(s.lastHandId),
    lastHandNumber: num(s.lastHandNumber),
  };
}

/** A REST table view as a snapshot (the same fields, the last hand flattened). */
export function readRestTable(body: unknown): TableSnapshot {
  const s = asRecord(body);
  const last = s.lastHand ? asRecord(s.lastHand) : null;
  return {
    ...readCommon(s),
    legalActions: readLegal(s.legalActions, num(s.toActSeat, -1)),
    lastHandId: last ? String(last.handId ?? "") : "",
    lastHandNumber: last ? num(last.handNumber) : 0,
    lastRevealedCommitment: last ? str(last.deckHash) : "",
    lastDeckRoot: last ? str(last.deckRoot) : "",
    lastClientSeeds: last ? list(last.clientSeeds).map(str) : [],
  };
}

/** The viewer's own player, or null when watching. */
export function findMyPlayer(snapshot: TableSnapshot, userId: string | null): PlayerSnap | null {
  if (!userId) return null;
  return snapshot.players.find((p) => p.userId === userId) ?? null;
}

/** Whether it is the viewer's turn, with the legal options belonging to their seat. */
export function isMyTurn(snapshot: TableSnapshot, me: PlayerSnap | null): boolean {
  return (
    me !== null && snapshot.toActSeat === me.seatPosition && snapshot.legalActions.seat === me.seatPosition
  );
}

/** SPEC.md section 4: Start Hand only while waiting with two or more players seated. */
export function canOfferStartHand(snapshot: TableSnapshot, me: PlayerSnap | null): boolean {
  return me !== null && snapshot.gamePhase === "waiting" && snapshot.players.length >= 2;
}

/** The name a seat shows: the bot's name for bots, else the display name. */
export function nameOfPlayer(player: PlayerSnap): string {
  return (player.isBot && player.botName) || player.displayName || `Seat ${player.seatPosition + 1}`;
}

/** Whether the last hand is over and its result is still on the table (before the next deal). */
export function isShowingResult(snapshot: TableSnapshot): boolean {
  return snapshot.gamePhase === "waiting" && snapshot.winners.length > 0;
}

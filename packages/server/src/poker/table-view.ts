/**
 * What a table looks like from outside, built once from the live table: the lobby's summary and the
 * table view of SPEC.md section 3 (REST answers and the room state are both drawn from it). The
 * view holds every seat's hole cards for the server's use; `describeTable` strips the ones a viewer
 * may not see (playerView decides), so a REST answer never carries another player's hidden cards.
 */
import { type CardFace, cardFace, legalActions, playerView, potTotal, unitsToCoins } from "@casino/protocol";
import { CHIPS_PER_COIN } from "./catalogue.ts";
import type { TableCore } from "./table-core.ts";
import type { PokerTableInfo } from "./tables-store.ts";

/** A table in the lobby list. */
export interface TableSummary {
  id: string;
  name: string;
  kind: string;
  currency: string;
  isHouse: boolean;
  smallBlind: number;
  bigBlind: number;
  /** Buy-in range in coins (what the join body's buyInAmount is in). */
  buyInMin: number;
  buyInMax: number;
  /** The same range in chips. */
  buyInMinChips: number;
  buyInMaxChips: number;
  chipsPerCoin: number;
  maxPlayers: number;
  playerCount: number;
  humanCount: number;
  botCount: number;
  gamePhase: string;
  status: "waiting" | "playing" | "full";
  handNumber: number;
}

/** A seated player as the table shows them; holeCards are every seat's until describeTable strips them. */
export interface PlayerView {
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
  holeCards: CardFace[];
}

/** The whole table as the server sees it. */
export interface TableView extends TableSummary {
  currentPot: number;
  communityCards: CardFace[];
  players: PlayerView[];
  pots: { amount: number; eligibleSeats: number[] }[];
  dealerSeat: number;
  smallBlindSeat: number;
  bigBlindSeat: number;
  toActSeat: number;
  actionDeadline: number;
  usingTimeBank: boolean;
  legalActions: ReturnType<typeof legalActions> | null;
  nextHandAt: number;
  /** SHA-256 of the current hand's seed, published before the deal. */
  deckCommitment: string;
  /** Merkle root of the current hand's deck positions, published before the deal. */
  deckRoot: string;
  /** The last hand's commitment (never its seed: that would expose every unshown card). */
  lastHand: {
    handId: number;
    handNumber: number;
    deckHash: string;
    deckRoot: string;
    clientSeeds: string[];
  } | null;
  winners: { seat: number; potIndex: number; amount: number; handName: string }[];
  paused: boolean;
}

function coinsOf(info: PokerTableInfo, chips: number): number {
  return unitsToCoins(chips * info.unitsPerChip);
}

/** A table's buy-in range in coins, worked out once per settings object (summaries are drawn on every change). */
const buyInCoins = new WeakMap<PokerTableInfo, { min: number; max: number }>();

function buyInCoinsOf(info: PokerTableInfo): { min: number; max: number } {
  let coins = buyInCoins.get(info);
  if (!coins) {
    coins = { min: coinsOf(info, info.buyInMin), max: coinsOf(info, info.buyInMax) };
    buyInCoins.set(info, coins);
  }
  return coins;
}

/** The lobby's line for a table (hosted or not). */
export function summarizeTable(info: PokerTableInfo, table?: TableCore): TableSummary {
  const seated = table?.occupiedSeats() ?? [];
  const bots = seated.filter((s) => s.meta.isBot).length;
  const phase = table?.state.phase ?? "waiting";
  const full = seated.length >= info.maxPlayers;
  const buyIn = buyInCoinsOf(info);
  return {
    id: info.id,
    name: info.name,
    kind: info.kind,
    currency: info.currency,
    isHouse: info.hasBots,
    smallBlind: info.smallBlind,
    bigBlind: info.bigBlind,
    buyInMin: buyIn.min,
    buyInMax: buyIn.max,
    buyInMinChips: info.buyInMin,
    buyInMaxChips: info.buyInMax,
    chipsPerCoin: CHIPS_PER_COIN[info.currency],
    maxPlayers: info.maxPlayers,
    playerCount: seated.length,
    humanCount: seated.length - bots,
    botCount: bots,
    gamePhase: phase,
    status: full ? "full" : phase === "waiting" ? "waiting" : "playing",
    handNumber: table?.state.handCount ?? info.handCount,
  };
}

/** The table with every seat's cards (server side only: rooms put them in per-client views). */
export function viewTable(table: TableCore): TableView {
  const { state, info } = table;
  const hand = state.hand;
  const live = !!hand && !hand.ended;
  const players: PlayerView[] = table.occupiedSeats().map(({ seat, meta }) => {
    const seated = state.seats[seat]!;
    const p = hand?.players.find((x) => x.seat === seat);
    return {
      userId: meta.playerId,
      seatPosition: seat,
      isBot: meta.isBot,
      botName: meta.botName,
      displayName: meta.displayName,
      chipCount: seated.stack,
      currentBet: live ? (p?.bet ?? 0) : 0,
      hasFolded: !!p?.folded,
      isAllIn: !!p?.allIn,
      inHand: !!p,
      cardsShown: !!p?.shown,
      isSittingOut: seated.sittingOut,
      isConnected: meta.connected,
      lastAction: meta.lastAction,
      timeBank: meta.timeBank,
      preAction: meta.preAction ?? "",
      holeCards: (p?.holeCards ?? []).map(cardFace),
    };
  });
  const toAct = live ? (hand.toAct ?? -1) : -1;
  const reveal = table.lastReveal;
  return {
    ...summarizeTable(info, table),
    currentPot: live ? potTotal(hand) : 0,
    communityCards: (hand?.board ?? []).map(cardFace),
    players,
    pots: live ? hand.pots.map((p) => ({ amount: p.amount, eligibleSeats: [...p.eligibleSeats] })) : [],
    dealerSeat: hand?.buttonSeat ?? -1,
    smallBlindSeat: hand?.smallBlindSeat ?? -1,
    bigBlindSeat: hand?.bigBlindSeat ?? -1,
    toActSeat: toAct,
    actionDeadline: toAct >= 0 ? (table.turn?.deadline ?? 0) : 0,
    usingTimeBank: toAct >= 0 && !!table.turn?.usingTimeBank,
    legalActions: toAct >= 0 ? legalActions(state, toAct) : null,
    nextHandAt: table.nextHandAt,
    deckCommitment: table.commitment,
    deckRoot: table.deckRoot,
    lastHand: reveal ? { ...reveal, clientSeeds: [...reveal.clientSeeds] } : null,
    winners: (hand?.ended ? hand.results : []).flatMap((shares, potIndex) =>
      shares.map((s) => ({ seat: s.seat, potIndex, amount: s.amount, handName: s.handName ?? "" })),
    ),
    paused: table.paused,
  };
}

/** The table as one viewer may see it over REST: their own cards, and cards shown at showdown. */
export function describeTable(table: TableCore, viewerId: string | null) {
  const view = viewTable(table);
  const seat = viewerId === null ? null : table.seatOf(viewerId);
  const visible = playerView(table.state, seat);
  const canSee = (s: number) => (visible.hand?.players.find((p) => p.seat === s)?.holeCards.length ?? 0) > 0;
  return {
    ...view,
    mySeat: seat ?? -1,
    players: view.players.map((p) => ({
      ...p,
      holeCards: canSee(p.seatPosition) ? p.holeCards : [],
      preAction: p.seatPosition === seat ? p.preAction : "",
    })),
  };
}

/** A table nobody has opened yet in this process: its settings, no players. */
export function describeIdleTable(info: PokerTableInfo) {
  return {
    ...summarizeTable(info),
    currentPot: 0,
    communityCards: [],
    players: [],
    pots: [],
    dealerSeat: -1,
    smallBlindSeat: -1,
    bigBlindSeat: -1,
    toActSeat: -1,
    actionDeadline: 0,
    usingTimeBank: false,
    legalActions: null,
    nextHandAt: 0,
    deckCommitment: "",
    deckRoot: "",
    lastHand: null,
    winners: [],
    paused: false,
    mySeat: -1,
  };
}

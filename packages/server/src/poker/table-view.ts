/**
 * What a table looks like from outside, built once from the live table: the lobby's summary and the
 * table view of SPEC.md section 3 (REST answers and the room state are both drawn from it). The
 * view holds every seat's hole cards for the server's use; `describeTable` strips the ones a viewer
 * may not see (canSeeHoleCards decides, as for the room state and the hand histories), so a REST
 * answer never carries another player's hidden cards.
 */
import {
  type CardFace,
  type CardIndex,
  canSeeHoleCards,
  cardFace,
  legalActions,
  type PotShare,
  potTotal,
  type SeatView,
  type TableSummary,
  type TableView,
  unitsToCoins,
  type ViewerTableView,
  viewIdleTable,
} from "@casino/protocol";
import type { SeatMeta } from "@casino/protocol/poker/table/seat-meta";
import { CHIPS_PER_COIN } from "./catalogue.ts";
import type { TableCore } from "./table-core.ts";
import type { PokerTableInfo } from "./tables-store.ts";

/** A table in the lobby list, a seated player and the whole table: the wire shapes of protocol. */
export type { TableSummary, TableView };
/** A seated player as the table shows them; holeCards are every seat's until describeTable strips them. */
export type PlayerView = SeatView;

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

/** Seated players and bots, counted without building the seat list (the lobby counts every table). */
function countSeated(table: TableCore | undefined): { players: number; bots: number } {
  let players = 0;
  let bots = 0;
  if (table) {
    const seats = table.state.seats;
    table.meta.forEach((meta, seat) => {
      if (!meta || !seats[seat]) return;
      players++;
      if (meta.isBot) bots++;
    });
  }
  return { players, bots };
}

/** The lobby's line for a table (hosted or not). */
export function summarizeTable(info: PokerTableInfo, table?: TableCore): TableSummary {
  const { players, bots } = countSeated(table);
  const phase = table?.state.phase ?? "waiting";
  const full = players >= info.maxPlayers;
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
    playerCount: players,
    humanCount: players - bots,
    botCount: bots,
    gamePhase: phase,
    status: full ? "full" : phase === "waiting" ? "waiting" : "playing",
    handNumber: table?.state.handCount ?? info.handCount,
  };
}

/** The 52 card faces, made once: a view lists cards by reference (frozen, so nothing changes them). */
const CARD_FACES: readonly CardFace[] = Array.from({ length: 52 }, (_, card) =>
  Object.freeze(cardFace(card)),
);

function facesOf(cards: readonly CardIndex[] | undefined): CardFace[] {
  return cards ? cards.map((card) => CARD_FACES[card]!) : [];
}

/** A seated player as the table shows them (every seat's cards: the caller filters). */
function viewPlayer(table: TableCore, seat: number, meta: SeatMeta, live: boolean): PlayerView {
  const seated = table.state.seats[seat]!;
  const p = table.state.hand?.players.find((x) => x.seat === seat);
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
    isSittingOut: seated.sittingOut || table.isBlindedAway(seat),
    isConnected: meta.connected,
    lastAction: meta.lastAction,
    ante: meta.ante,
    anteAllIn: meta.anteAllIn,
    timeBank: meta.timeBank,
    preAction: meta.preAction ?? "",
    holeCards: facesOf(p?.holeCards),
  };
}

/** The table with every seat's cards (server side only: rooms put them in per-client views). */
export function viewTable(table: TableCore): TableView {
  const { state, info } = table;
  const hand = state.hand;
  const live = !!hand && !hand.ended;
  const players: PlayerView[] = [];
  table.meta.forEach((meta, seat) => {
    if (meta && state.seats[seat]) players.push(viewPlayer(table, seat, meta, live));
  });
  const toAct = live ? (hand.toAct ?? -1) : -1;
  const reveal = table.lastReveal;
  return {
    ...summarizeTable(info, table),
    currentPot: live ? potTotal(hand) : 0,
    communityCards: facesOf(hand?.board),
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
    winners: hand?.ended ? winnersOf(hand.results) : [],
    lastHandAction: table.lastHandAction,
    paused: table.paused,
    version: state.version,
  };
}

function winnersOf(results: readonly PotShare[][]): TableView["winners"] {
  return results.flatMap((shares, potIndex) =>
    shares.map((s) => ({ seat: s.seat, potIndex, amount: s.amount, handName: s.handName ?? "" })),
  );
}

/** The table as one viewer may see it over REST: their own cards, and cards shown at showdown. */
export function describeTable(table: TableCore, viewerId: string | null): ViewerTableView {
  const view = viewTable(table);
  const seat = viewerId === null ? null : table.seatOf(viewerId);
  return {
    ...view,
    mySeat: seat ?? -1,
    players: view.players.map((p) => ({
      ...p,
      holeCards: canSeeHoleCards(p.seatPosition, seat, p.cardsShown) ? p.holeCards : [],
      preAction: p.seatPosition === seat ? p.preAction : "",
    })),
  };
}

/** A table nobody has opened yet in this process: its settings, no players. */
export function describeIdleTable(info: PokerTableInfo) {
  return viewIdleTable(summarizeTable(info));
}

/**
 * Draws a table view onto the room's schema state, changing only what changed. Each player gets a
 * fresh PokerPlayer instance per hand: its `.view()` hole cards reach the views canSeeHoleCards
 * allows (the owner's at once, every other view only when the hand shows them down), and the next hand's instance starts
 * hidden again, so no view can keep seeing a seat's new cards. (A fresh instance is also what gets
 * new cards to the owner: cards put into an instance a view already holds are not sent to it.)
 *
 * A draw runs after every table change, so it is kept cheap: fields and lists (cards, pots,
 * winners) are compared with the view drawn last (plain objects, no schema getters, no strings
 * built) and assigned, extended (a board's next street) or rebuilt only when they changed.
 */
import {
  type CardFace,
  canSeeHoleCards,
  type HandActionView,
  type LegalActions,
  noLegalActions,
} from "@casino/protocol";
import {
  PokerCard,
  type PokerLegalActions,
  PokerPlayer,
  PokerPot,
  type PokerTableState,
  PokerWinner,
} from "@casino/protocol/schemas/poker-table-state";
import type { ArraySchema } from "@colyseus/schema";
import type { PlayerView, TableView } from "../../poker/table-view.ts";

/** A client as the sync sees it: who it is and its view. */
export interface ViewerClient {
  userId: string;
  view: { add(obj: object): unknown; has?(obj: object): boolean } | undefined;
}

/** Legal actions with nobody to act: false or 0, and seat -1. */
const NO_LEGAL_ACTIONS = noLegalActions(-1);

type LegalView = LegalActions;

interface Entry {
  /** The player and hand the instance is for. */
  playerId: string;
  handNumber: number;
  instance: PokerPlayer;
  revealed: boolean;
  /** The player as last drawn onto the instance (null before the first draw). */
  last: PlayerView | null;
}

/**
 * Assigns the table fields that differ from the last view drawn (null: all of them). Written out
 * field by field: every comparison is a plain property read, cheap enough to run on every action.
 */
function drawTableFields(s: PokerTableState, v: TableView, l: TableView | null): void {
  if (l?.id !== v.id) s.id = v.id;
  if (l?.name !== v.name) s.name = v.name;
  if (l?.currency !== v.currency) s.currency = v.currency;
  if (l?.isHouse !== v.isHouse) s.isHouse = v.isHouse;
  if (l?.smallBlind !== v.smallBlind) s.smallBlind = v.smallBlind;
  if (l?.bigBlind !== v.bigBlind) s.bigBlind = v.bigBlind;
  if (l?.buyInMin !== v.buyInMin) s.buyInMin = v.buyInMin;
  if (l?.buyInMax !== v.buyInMax) s.buyInMax = v.buyInMax;
  if (l?.chipsPerCoin !== v.chipsPerCoin) s.chipsPerCoin = v.chipsPerCoin;
  if (l?.maxPlayers !== v.maxPlayers) s.maxPlayers = v.maxPlayers;
  if (l?.gamePhase !== v.gamePhase) s.gamePhase = v.gamePhase;
  if (l?.currentPot !== v.currentPot) s.currentPot = v.currentPot;
  if (l?.handNumber !== v.handNumber) s.handNumber = v.handNumber;
  if (l?.dealerSeat !== v.dealerSeat) s.dealerSeat = v.dealerSeat;
  if (l?.smallBlindSeat !== v.smallBlindSeat) s.smallBlindSeat = v.smallBlindSeat;
  if (l?.bigBlindSeat !== v.bigBlindSeat) s.bigBlindSeat = v.bigBlindSeat;
  if (l?.toActSeat !== v.toActSeat) s.toActSeat = v.toActSeat;
  if (l?.actionDeadline !== v.actionDeadline) s.actionDeadline = v.actionDeadline;
  if (l?.usingTimeBank !== v.usingTimeBank) s.usingTimeBank = v.usingTimeBank;
  if (l?.nextHandAt !== v.nextHandAt) s.nextHandAt = v.nextHandAt;
  if (l?.deckCommitment !== v.deckCommitment) s.deckCommitment = v.deckCommitment;
  if (l?.deckRoot !== v.deckRoot) s.deckRoot = v.deckRoot;
  if (l?.paused !== v.paused) s.paused = v.paused;
  if (l?.version !== v.version) s.version = v.version;
}

/** Assigns the legal-action fields that differ from the last drawn (null: all of them). */
function drawLegalFields(t: PokerLegalActions, v: LegalView, l: LegalView | null): void {
  if (l?.seat !== v.seat) t.seat = v.seat;
  if (l?.canFold !== v.canFold) t.canFold = v.canFold;
  if (l?.canCheck !== v.canCheck) t.canCheck = v.canCheck;
  if (l?.canCall !== v.canCall) t.canCall = v.canCall;
  if (l?.callAmount !== v.callAmount) t.callAmount = v.callAmount;
  if (l?.canBet !== v.canBet) t.canBet = v.canBet;
  if (l?.canRaise !== v.canRaise) t.canRaise = v.canRaise;
  if (l?.minRaiseTo !== v.minRaiseTo) t.minRaiseTo = v.minRaiseTo;
  if (l?.maxRaiseTo !== v.maxRaiseTo) t.maxRaiseTo = v.maxRaiseTo;
  if (l?.canAllIn !== v.canAllIn) t.canAllIn = v.canAllIn;
}

/**
 * Assigns the latest betting action's fields that differ from the last drawn (null: all of them).
 * They are fields of the table itself: a child structure would cost every patch a switch to it.
 */
function drawLatestActionFields(s: PokerTableState, v: HandActionView, l: HandActionView | null): void {
  if (l?.seq === v.seq) return;
  s.actionSeq = v.seq;
  if (l?.seat !== v.seat) s.actionSeat = v.seat;
  if (l?.action !== v.action) s.actionType = v.action;
  if (l?.amount !== v.amount) s.actionAmount = v.amount;
  if (l?.to !== v.to) s.actionTo = v.to;
  if (l?.allIn !== v.allIn) s.actionAllIn = v.allIn;
  if (l?.street !== v.street) s.actionStreet = v.street;
}

/** Assigns the player fields that differ from the last drawn (null: all of them); hole cards apart. */
function drawPlayerFields(t: PokerPlayer, v: PlayerView, l: PlayerView | null): void {
  if (l?.userId !== v.userId) t.userId = v.userId;
  if (l?.seatPosition !== v.seatPosition) t.seatPosition = v.seatPosition;
  if (l?.isBot !== v.isBot) t.isBot = v.isBot;
  if (l?.botName !== v.botName) t.botName = v.botName;
  if (l?.displayName !== v.displayName) t.displayName = v.displayName;
  if (l?.chipCount !== v.chipCount) t.chipCount = v.chipCount;
  if (l?.currentBet !== v.currentBet) t.currentBet = v.currentBet;
  if (l?.hasFolded !== v.hasFolded) t.hasFolded = v.hasFolded;
  if (l?.isAllIn !== v.isAllIn) t.isAllIn = v.isAllIn;
  if (l?.inHand !== v.inHand) t.inHand = v.inHand;
  if (l?.cardsShown !== v.cardsShown) t.cardsShown = v.cardsShown;
  if (l?.isSittingOut !== v.isSittingOut) t.isSittingOut = v.isSittingOut;
  if (l?.isConnected !== v.isConnected) t.isConnected = v.isConnected;
  if (l?.lastAction !== v.lastAction) t.lastAction = v.lastAction;
  if (l?.ante !== v.ante) t.ante = v.ante;
  if (l?.anteAllIn !== v.anteAllIn) t.anteAllIn = v.anteAllIn;
  if (l?.timeBank !== v.timeBank) t.timeBank = v.timeBank;
  if (l?.preAction !== v.preAction) t.preAction = v.preAction;
}

/** Whether `a` holds the first `a.length` cards of `b` (all of them when `length` is b's). */
function leadsCards(a: readonly CardFace[], b: readonly CardFace[]): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.rank !== b[i]!.rank || a[i]!.suit !== b[i]!.suit) return false;
  return true;
}

function sameSeats(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function samePots(a: TableView["pots"] | undefined, b: TableView["pots"]): boolean {
  if (a?.length !== b.length) return false;
  for (let i = 0; i < b.length; i++)
    if (a[i]!.amount !== b[i]!.amount || !sameSeats(a[i]!.eligibleSeats, b[i]!.eligibleSeats)) return false;
  return true;
}

function sameWinners(a: TableView["winners"] | undefined, b: TableView["winners"]): boolean {
  if (a?.length !== b.length) return false;
  for (let i = 0; i < b.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.seat !== y.seat || x.potIndex !== y.potIndex || x.amount !== y.amount || x.handName !== y.handName)
      return false;
  }
  return true;
}

/**
 * Brings a drawn card list (holding `last`) to `cards`: only the new cards are added when the drawn
 * ones lead them (a board grows street by street), else the list is drawn again.
 */
function drawCards(
  target: ArraySchema<PokerCard>,
  cards: readonly CardFace[],
  last: readonly CardFace[] | undefined,
): void {
  if (last?.length === cards.length && leadsCards(last, cards)) return;
  let from = 0;
  if (last && leadsCards(last, cards)) from = last.length;
  else target.clear();
  for (let i = from; i < cards.length; i++) {
    const card = cards[i]!;
    target.push(new PokerCard({ rank: card.rank, suit: card.suit }));
  }
}

/** Keeps one room's state in step with its table. */
export class TableStateSync {
  private readonly state: PokerTableState;
  private readonly entries = new Map<number, Entry>();
  /** The view and legal actions last drawn (null before the first draw). */
  private last: TableView | null = null;
  private lastLegal: LegalView | null = null;
  /** The hand whose reveal is drawn (null: none; undefined before the first draw). */
  private revealedHandId: number | null | undefined;

  constructor(state: PokerTableState) {
    this.state = state;
  }

  /**
   * Draws the view; new instances are shown to their owner, shown hands to everyone. `clients` is
   * called only when a view has to learn of a player instance.
   */
  draw(view: TableView, handNumber: number, clients: () => Iterable<ViewerClient>): void {
    const s = this.state;
    const last = this.last;
    drawTableFields(s, view, last);
    this.last = view;
    this.drawReveal(view);
    drawCards(s.communityCards, view.communityCards, last?.communityCards);
    this.drawPots(view, last);
    drawLatestActionFields(s, view.lastHandAction, last?.lastHandAction ?? null);
    const legal = view.legalActions ?? NO_LEGAL_ACTIONS;
    drawLegalFields(s.legalActions, legal, this.lastLegal);
    this.lastLegal = legal;
    this.drawPlayers(view, handNumber, clients);
  }

  /** A client that (re)joins sees its own player and every hand shown so far. */
  attach(client: ViewerClient): void {
    for (const entry of this.entries.values()) {
      if (canSeeHoleCards(entry.playerId, client.userId, entry.revealed)) client.view?.add(entry.instance);
    }
  }

  private drawReveal(view: TableView): void {
    const last = view.lastHand;
    // A hand's reveal never changes: its stored hand id tells reveals apart.
    const handId = last ? last.handId : null;
    if (handId === this.revealedHandId) return;
    this.revealedHandId = handId;
    const s = this.state;
    s.lastHandId = last ? String(last.handId) : "";
    s.lastHandNumber = last?.handNumber ?? 0;
    s.lastRevealedCommitment = last?.deckHash ?? "";
    s.lastDeckRoot = last?.deckRoot ?? "";
    s.lastClientSeeds.clear();
    for (const seed of last?.clientSeeds ?? []) s.lastClientSeeds.push(seed);
  }

  private drawPots(view: TableView, last: TableView | null): void {
    const s = this.state;
    if (!samePots(last?.pots, view.pots)) {
      s.pots.clear();
      for (const pot of view.pots)
        s.pots.push(new PokerPot({ amount: pot.amount, eligibleSeats: [...pot.eligibleSeats] }));
    }
    if (!sameWinners(last?.winners, view.winners)) {
      s.winners.clear();
      for (const w of view.winners) s.winners.push(new PokerWinner(w));
    }
  }

  private drawPlayers(view: TableView, handNumber: number, listClients: () => Iterable<ViewerClient>): void {
    const players = this.state.players;
    let listed: Iterable<ViewerClient> | undefined;
    const clients = () => {
      listed ??= [...listClients()];
      return listed;
    };
    for (const p of view.players) {
      let entry = this.entries.get(p.seatPosition);
      if (!entry || entry.playerId !== p.userId || entry.handNumber !== handNumber) {
        entry = {
          playerId: p.userId,
          handNumber,
          instance: new PokerPlayer(),
          revealed: false,
          last: null,
        };
        this.entries.set(p.seatPosition, entry);
        this.fillPlayer(entry, p);
        players.set(String(p.seatPosition), entry.instance);
        this.showTo(entry, p.cardsShown, clients());
      } else {
        this.fillPlayer(entry, p);
        if (p.cardsShown && !entry.revealed) this.showTo(entry, true, clients());
      }
    }
    if (this.entries.size === view.players.length) return;
    for (const seat of [...this.entries.keys()]) {
      if (!view.players.some((p) => p.seatPosition === seat)) {
        this.entries.delete(seat);
        players.delete(String(seat));
      }
    }
  }

  /** Adds a player instance to the views that may see its cards (canSeeHoleCards decides). */
  private showTo(entry: Entry, shown: boolean, clients: Iterable<ViewerClient>): void {
    entry.revealed = shown;
    for (const client of clients)
      if (canSeeHoleCards(entry.playerId, client.userId, shown)) client.view?.add(entry.instance);
  }

  private fillPlayer(entry: Entry, p: PlayerView): void {
    const last = entry.last;
    drawPlayerFields(entry.instance, p, last);
    entry.last = p;
    drawCards(entry.instance.holeCards, p.holeCards, last?.holeCards);
  }
}

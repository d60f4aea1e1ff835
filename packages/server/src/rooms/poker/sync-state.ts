/**
 * Draws a table view onto the room's schema state, changing only what changed. Each player gets a
 * fresh PokerPlayer instance per hand: its `.view()` hole cards reach the owner's StateView at once
 * and every other view only when the hand shows them down, and the next hand's instance starts
 * hidden again, so no view can keep seeing a seat's new cards.
 */
import type { CardFace } from "@casino/protocol";
import {
  PokerCard,
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

interface Entry {
  key: string;
  playerId: string;
  instance: PokerPlayer;
  revealed: boolean;
  cards: string;
}

/** Sets a field only when its value differs (no patch for an unchanged field). */
function assign<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  if (target[key] !== value) target[key] = value;
}

function sameCards(a: ArraySchema<PokerCard>, b: readonly CardFace[]): boolean {
  return a.length === b.length && b.every((c, i) => a[i]?.rank === c.rank && a[i]?.suit === c.suit);
}

function setCards(target: ArraySchema<PokerCard>, cards: readonly CardFace[]): void {
  if (sameCards(target, cards)) return;
  target.clear();
  for (const card of cards) target.push(new PokerCard({ rank: card.rank, suit: card.suit }));
}

function setList<T>(target: ArraySchema<T>, values: readonly T[]): void {
  if (target.length === values.length && values.every((v, i) => target[i] === v)) return;
  target.clear();
  for (const value of values) target.push(value);
}

/** Keeps one room's state in step with its table. */
export class TableStateSync {
  private readonly state: PokerTableState;
  private readonly entries = new Map<number, Entry>();

  constructor(state: PokerTableState) {
    this.state = state;
  }

  /** Draws the view; new instances are shown to their owner, shown hands to everyone. */
  draw(view: TableView, handNumber: number, clients: Iterable<ViewerClient>): void {
    const s = this.state;
    assign(s, "id", view.id);
    assign(s, "name", view.name);
    assign(s, "currency", view.currency);
    assign(s, "isHouse", view.isHouse);
    assign(s, "smallBlind", view.smallBlind);
    assign(s, "bigBlind", view.bigBlind);
    assign(s, "buyInMin", view.buyInMin);
    assign(s, "buyInMax", view.buyInMax);
    assign(s, "chipsPerCoin", view.chipsPerCoin);
    assign(s, "maxPlayers", view.maxPlayers);
    assign(s, "gamePhase", view.gamePhase);
    assign(s, "currentPot", view.currentPot);
    assign(s, "handNumber", view.handNumber);
    assign(s, "dealerSeat", view.dealerSeat);
    assign(s, "smallBlindSeat", view.smallBlindSeat);
    assign(s, "bigBlindSeat", view.bigBlindSeat);
    assign(s, "toActSeat", view.toActSeat);
    assign(s, "actionDeadline", view.actionDeadline);
    assign(s, "usingTimeBank", view.usingTimeBank);
    assign(s, "nextHandAt", view.nextHandAt);
    assign(s, "deckCommitment", view.deckCommitment);
    assign(s, "paused", view.paused);
    assign(s, "lastHandId", view.lastHand ? String(view.lastHand.handId) : "");
    assign(s, "lastHandNumber", view.lastHand?.handNumber ?? 0);
    assign(s, "lastRevealedSeed", view.lastHand?.seed ?? "");
    assign(s, "lastRevealedCommitment", view.lastHand?.deckHash ?? "");
    setList(s.lastClientSeeds, view.lastHand?.clientSeeds ?? []);
    setCards(s.communityCards, view.communityCards);
    this.drawPots(view);
    this.drawLegal(view);
    this.drawPlayers(view, handNumber, [...clients]);
  }

  /** A client that (re)joins sees its own player and every hand shown so far. */
  attach(client: ViewerClient): void {
    for (const entry of this.entries.values()) {
      if (entry.playerId === client.userId || entry.revealed) client.view?.add(entry.instance);
    }
  }

  private drawPots(view: TableView): void {
    const s = this.state;
    const potsSame =
      s.pots.length === view.pots.length &&
      view.pots.every(
        (p, i) =>
          s.pots[i]?.amount === p.amount && s.pots[i]?.eligibleSeats.join() === p.eligibleSeats.join(),
      );
    if (!potsSame) {
      s.pots.clear();
      for (const pot of view.pots)
        s.pots.push(new PokerPot({ amount: pot.amount, eligibleSeats: [...pot.eligibleSeats] }));
    }
    const winnersSame =
      s.winners.length === view.winners.length &&
      view.winners.every((w, i) => {
        const x = s.winners[i];
        return (
          x?.seat === w.seat &&
          x.potIndex === w.potIndex &&
          x.amount === w.amount &&
          x.handName === w.handName
        );
      });
    if (!winnersSame) {
      s.winners.clear();
      for (const w of view.winners) s.winners.push(new PokerWinner(w));
    }
  }

  private drawLegal(view: TableView): void {
    const target = this.state.legalActions;
    const legal = view.legalActions;
    assign(target, "seat", legal ? legal.seat : -1);
    assign(target, "canFold", legal?.canFold ?? false);
    assign(target, "canCheck", legal?.canCheck ?? false);
    assign(target, "canCall", legal?.canCall ?? false);
    assign(target, "callAmount", legal?.callAmount ?? 0);
    assign(target, "canBet", legal?.canBet ?? false);
    assign(target, "canRaise", legal?.canRaise ?? false);
    assign(target, "minRaiseTo", legal?.minRaiseTo ?? 0);
    assign(target, "maxRaiseTo", legal?.maxRaiseTo ?? 0);
    assign(target, "canAllIn", legal?.canAllIn ?? false);
  }

  private drawPlayers(view: TableView, handNumber: number, clients: ViewerClient[]): void {
    const players = this.state.players;
    const seen = new Set<number>();
    for (const p of view.players) {
      seen.add(p.seatPosition);
      const key = `${p.userId}|${handNumber}`;
      let entry = this.entries.get(p.seatPosition);
      if (!entry || entry.key !== key) {
        entry = { key, playerId: p.userId, instance: new PokerPlayer(), revealed: false, cards: "" };
        this.entries.set(p.seatPosition, entry);
        this.fillPlayer(entry, p);
        players.set(String(p.seatPosition), entry.instance);
        for (const client of clients) if (client.userId === p.userId) client.view?.add(entry.instance);
      } else this.fillPlayer(entry, p);
      if (p.cardsShown && !entry.revealed) {
        entry.revealed = true;
        for (const client of clients) client.view?.add(entry.instance);
      }
    }
    for (const seat of [...this.entries.keys()]) {
      if (!seen.has(seat)) {
        this.entries.delete(seat);
        players.delete(String(seat));
      }
    }
  }

  private fillPlayer(entry: Entry, p: PlayerView): void {
    const target = entry.instance;
    assign(target, "userId", p.userId);
    assign(target, "seatPosition", p.seatPosition);
    assign(target, "isBot", p.isBot);
    assign(target, "botName", p.botName);
    assign(target, "displayName", p.displayName);
    assign(target, "chipCount", p.chipCount);
    assign(target, "currentBet", p.currentBet);
    assign(target, "hasFolded", p.hasFolded);
    assign(target, "isAllIn", p.isAllIn);
    assign(target, "inHand", p.inHand);
    assign(target, "cardsShown", p.cardsShown);
    assign(target, "isSittingOut", p.isSittingOut);
    assign(target, "isConnected", p.isConnected);
    assign(target, "lastAction", p.lastAction);
    assign(target, "timeBank", p.timeBank);
    assign(target, "preAction", p.preAction);
    const cards = p.holeCards.map((c) => `${c.rank}${c.suit}`).join();
    if (cards !== entry.cards) {
      entry.cards = cards;
      setCards(target.holeCards, p.holeCards);
    }
  }
}

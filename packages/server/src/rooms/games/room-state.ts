/**
 * Copies the games' answers (the same bodies the REST paths send) into the room state, so the
 * state never computes anything itself: balances, the blackjack and hi-lo views, the slots bonus.
 */
import {
  type GameRoomState,
  type RoomBlackjack,
  RoomBlackjackHand,
  RoomCard,
  type RoomHilo,
  type RoomSlots,
} from "@casino/protocol/schemas/game-room-state";
import { ArraySchema } from "@colyseus/schema";
import type { viewBlackjack } from "../../games/blackjack-view.ts";
import type { viewHilo } from "../../games/hilo-view.ts";

type BlackjackView = ReturnType<typeof viewBlackjack> & { currency?: string };
type HiloView = ReturnType<typeof viewHilo> & { currency?: string };

/** A body's fields, loosely typed: every answer is a plain JSON object. */
type Body = Record<string, unknown>;

/** An amount in coins (number or string) as the state's decimal string. */
function amountText(value: unknown): string {
  return value === undefined || value === null ? "0" : String(value);
}

/** A card face of either game as a RoomCard. */
function toRoomCard(card: { rank?: string; value?: string; suit: string }) {
  return new RoomCard({ rank: card.rank ?? card.value ?? "", suit: card.suit });
}

/** A round's stake, win and currency: the money fields of the blackjack and hi-lo states. */
function applyRoundMoney(
  target: { betAmount: string; winAmount: string; currency: string },
  view: { betAmount: unknown; winAmount: unknown; currency?: string },
): void {
  target.betAmount = amountText(view.betAmount);
  target.winAmount = amountText(view.winAmount);
  target.currency = view.currency ?? "";
}

/** The balances of an answer. */
export function applyBalances(state: GameRoomState, body: Body): void {
  if (typeof body.houseBalance === "string") state.balances.HC = body.houseBalance;
  if (typeof body.aminaBalance === "string") state.balances.AMINA = body.aminaBalance;
}

/** A blackjack view, or none. */
export function applyBlackjack(target: RoomBlackjack, view: BlackjackView | null): void {
  target.active = view?.phase === "player";
  if (!view) return;
  target.phase = view.phase;
  target.dealerCards = new ArraySchema(...view.dealerCards.map(toRoomCard));
  target.dealerTotal = view.dealerTotal;
  target.hands = new ArraySchema(
    ...view.hands.map(
      (hand) =>
        new RoomBlackjackHand({
          cards: new ArraySchema(...hand.cards.map(toRoomCard)),
          total: hand.total,
          soft: hand.soft,
          betAmount: amountText(hand.betAmount),
          doubled: hand.doubled,
          result: hand.result ?? "",
          winAmount: amountText(hand.winAmount),
        }),
    ),
  );
  target.activeHand = view.activeHand;
  target.result = view.result;
  target.canHit = view.legal.hit;
  target.canStand = view.legal.stand;
  target.canDouble = view.legal.double;
  target.canSplit = view.legal.split;
  applyRoundMoney(target, view);
}

/** A hi-lo view, or none. */
export function applyHilo(target: RoomHilo, view: HiloView | null): void {
  target.active = view?.status === "active";
  if (!view) return;
  target.status = view.status;
  if (view.currentCard) target.currentCard = toRoomCard(view.currentCard);
  target.streak = view.streak;
  target.multiplier = view.multiplier;
  target.higherMultiplier = view.higher?.multiplier ?? 0;
  target.lowerMultiplier = view.lower?.multiplier ?? 0;
  target.higherChance = view.higher?.probability ?? 0;
  target.lowerChance = view.lower?.probability ?? 0;
  target.potentialWin = amountText(view.potentialWin);
  applyRoundMoney(target, view);
}

/** The slots bonus held, from a spin's or purchase's answer. */
export function applySlots(target: RoomSlots, body: Body): void {
  if (typeof body.freeSpinsLeft !== "number") return;
  target.freeSpinsLeft = body.freeSpinsLeft;
  target.freeSpinMultiplier = typeof body.freeSpinMultiplier === "number" ? body.freeSpinMultiplier : 1;
  target.freeSpinBetAmount = body.freeSpinBetAmount === null ? "" : amountText(body.freeSpinBetAmount);
  target.freeSpinCurrency = body.freeSpinsLeft > 0 && typeof body.currency === "string" ? body.currency : "";
}

/** An action's answer: balances, and the view of the game it belongs to. */
export function applyAnswer(state: GameRoomState, body: Body): void {
  applyBalances(state, body);
  if (state.gameType === "blackjack" && Array.isArray(body.hands))
    applyBlackjack(state.blackjack, body as unknown as BlackjackView);
  if (state.gameType === "hilo" && typeof body.status === "string")
    applyHilo(state.hilo, body as unknown as HiloView);
  if (state.gameType === "slots") applySlots(state.slots, body);
  if (typeof body.ballsInFlight === "number") state.ballsInFlight = body.ballsInFlight;
}

/** The answer of GET /api/games/{type}/state: what a joining or reconnecting player resumes from. */
export function applyResumeState(state: GameRoomState, body: Body): void {
  applyBalances(state, body);
  const game = (body.game ?? null) as Body | null;
  if (state.gameType === "blackjack")
    applyBlackjack(state.blackjack, game as unknown as BlackjackView | null);
  if (state.gameType === "hilo") applyHilo(state.hilo, game as unknown as HiloView | null);
  if (state.gameType === "slots") {
    const held = (
      body.freeSpins as { currency: string; remaining: number; multiplier: number; betAmount: number }[]
    )[0];
    applySlots(state.slots, {
      freeSpinsLeft: held?.remaining ?? 0,
      freeSpinMultiplier: held?.multiplier ?? 1,
      freeSpinBetAmount: held?.betAmount ?? null,
      currency: held?.currency,
    });
  }
  if (typeof body.ballsInFlight === "number") state.ballsInFlight = body.ballsInFlight;
}

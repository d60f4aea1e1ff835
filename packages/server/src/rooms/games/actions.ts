/**
 * What each room message does: the same game services the REST paths call. `bet` is the generic
 * wager of any game, routed by its `game` field (which must be the room's game).
 */
import type { GameMessage, GameMessageType, SinglePlayerGame } from "@casino/protocol";
import { dealBlackjack, moveBlackjack } from "../../games/blackjack.ts";
import { playDice } from "../../games/dice.ts";
import { cashOutHiloRound, guessHiloRound, startHiloRound } from "../../games/hilo.ts";
import { playPlinko } from "../../games/plinko.ts";
import type { GameReply, Player } from "../../games/replies.ts";
import type { GameRuntime } from "../../games/runtime.ts";
import { buySlotsBonus, spinSlotsFor } from "../../games/slots.ts";

/** A room action: runs a validated message for a player. */
type RoomAction<K extends GameMessageType> = (
  runtime: GameRuntime,
  player: Player,
  message: GameMessage<K>,
) => Promise<GameReply>;

/** The generic wager, by game. */
function placeBet(runtime: GameRuntime, player: Player, message: GameMessage<"bet">): Promise<GameReply> {
  switch (message.game) {
    case "dice":
      return playDice(runtime, player, message);
    case "plinko":
      return playPlinko(runtime, player, message);
    case "slots":
      return spinSlotsFor(runtime, player, message);
    case "blackjack":
      return dealBlackjack(runtime, player, message);
    case "hilo":
      return startHiloRound(runtime, player, message);
  }
}

/** Every message type's action. */
export const ROOM_ACTIONS: { [K in GameMessageType]: RoomAction<K> } = {
  bet: placeBet,
  roll: playDice,
  drop: playPlinko,
  spin: spinSlotsFor,
  buyBonus: buySlotsBonus,
  deal: dealBlackjack,
  hit: (runtime, player) => moveBlackjack(runtime, player, "hit"),
  stand: (runtime, player) => moveBlackjack(runtime, player, "stand"),
  double: (runtime, player) => moveBlackjack(runtime, player, "double"),
  split: (runtime, player) => moveBlackjack(runtime, player, "split"),
  start: startHiloRound,
  guess: (runtime, player, message) => guessHiloRound(runtime, player, message.guess),
  cashOut: (runtime, player) => cashOutHiloRound(runtime, player),
};

/** Whether a parsed `bet` message is for the room's game. */
export function betMatchesRoom(message: GameMessage<"bet">, gameType: SinglePlayerGame): boolean {
  return message.game === gameType;
}

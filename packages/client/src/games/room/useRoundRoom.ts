import type { SinglePlayerGame } from "@casino/protocol";
import type { GameResultBody } from "./gameReply.ts";
import type { RoomSnapshot } from "./roomSnapshot.ts";
import { useGameRoom } from "./useGameRoom.ts";
import { useResumeOnce } from "./useResumeOnce.ts";
import { useRoomAction } from "./useRoomAction.ts";

/**
 * The room of a game played over several moves (blackjack, hi-lo): joins it, sends the moves,
 * hands the round still open at load to `resume`, and says whether the player may move now
 * (`ready`: the room is live and no move is out).
 */
export function useRoundRoom(
  gameType: SinglePlayerGame,
  onNotice: (body: GameResultBody) => void,
  resume: (snapshot: RoomSnapshot) => void,
) {
  const room = useGameRoom(gameType, onNotice);
  const action = useRoomAction(room);
  useResumeOnce(room.snapshot, resume);
  return { room, ...action, ready: room.status === "ready" && !action.busy };
}

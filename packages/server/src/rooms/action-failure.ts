/** The answer of a room action that threw. */
import type { Logger } from "../log.ts";
import { answerUnexpected } from "../replies.ts";

/** Where the action ran: the room's kind ("game", "poker"), its id and the message type. */
export interface RoomActionPlace {
  room: string;
  roomId: string;
  type: string;
}

/**
 * The code and message a room answers for an action that threw: db/busy when the database was
 * busy, else http/internal with the error logged under the room and message.
 */
export function unexpectedActionFailure(
  log: Logger,
  error: unknown,
  place: RoomActionPlace,
): { code: string; message: string } {
  const context = { type: place.type, roomId: place.roomId };
  const { fail } = answerUnexpected(log, error, context, `${place.room} room action failed`);
  return { code: fail.code, message: fail.message };
}

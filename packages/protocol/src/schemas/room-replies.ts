/**
 * What a room answers a message with. A request (`room.request`) is answered with the reply; the
 * sender also hears "result" for an accepted move and "error" for a refused or malformed one (an
 * accepted poker betting action is answered by the state patch alone).
 */
import { z } from "zod";

/** A refused message: its namespaced code and the text the player reads. */
export const roomRefusalSchema = z.looseObject({
  action: z.string().optional(),
  ok: z.literal(false),
  code: z.string(),
  message: z.string(),
});
export type RoomRefusal = z.infer<typeof roomRefusalSchema>;

/** An accepted message: the move's own fields beside `ok`. */
export const roomAcceptanceSchema = z.looseObject({ action: z.string().optional(), ok: z.literal(true) });

/** The "error" message a room sends the sender of a refused or malformed message. */
export const roomErrorMessageSchema = z.object({ action: z.string(), code: z.string(), message: z.string() });
export type RoomErrorMessage = z.infer<typeof roomErrorMessageSchema>;

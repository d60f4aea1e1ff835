/**
 * What a game room answers to an action (protocol's wire/answers): `{ok: true, action, ...}` with the
 * REST body of the move, or `{ok: false, action, code, message}`. Read here once, switching on `ok`,
 * so every screen gets a value.
 */
import { roomGameAnswerSchema } from "@casino/protocol/wire/answers/shared";
import { type FailureCode, messageOf } from "@casino/protocol/wire/failures";

/** A successful answer: the body of the round or move, with the live balances. */
export type GameResultBody = Record<string, unknown> & {
  action: string;
  houseBalance?: string;
  aminaBalance?: string;
  round?: RoundRef;
};

/** The round an answer belongs to, for the Verify link. */
export type RoundRef = { id: string | number; nonce: number; serverSeedHash: string; clientSeed: string };

/** A refused action: namespaced code and the server's text. */
export type GameFailure = { code: string; message: string };

/** An action's outcome as the screens use it. */
export type GameOutcome = { ok: true; body: GameResultBody } | { ok: false; failure: GameFailure };

/** Reads a room reply by its `ok` discriminant; a reply of another shape is a failure of its own. */
export function readGameReply(reply: unknown): GameOutcome {
  const parsed = roomGameAnswerSchema.safeParse(reply);
  if (!parsed.success) return localFailure("room/bad_reply");
  const answer = parsed.data;
  if (!answer.ok) return { ok: false, failure: { code: answer.code, message: answer.message } };
  return { ok: true, body: { ...answer, action: answer.action ?? "" } };
}

/** A failure raised on this side (not connected, timed out, unreadable), with its catalogue text. */
export function localFailure(code: FailureCode): GameOutcome {
  return { ok: false, failure: { code, message: messageOf(code) } };
}

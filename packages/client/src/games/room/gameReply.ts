/**
 * What a game room answers to an action: the REST body plus `action` on success, or
 * `{action, code, message}` on an expected failure. Read here once so every screen gets a value.
 */

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

/** Classifies a room reply: an object with a string `code` and no balances is a failure. */
export function readGameReply(reply: unknown): GameOutcome {
  if (!reply || typeof reply !== "object") {
    return { ok: false, failure: { code: "room/bad_reply", message: "The game server sent no answer" } };
  }
  const fields = reply as Record<string, unknown>;
  const isFailure =
    typeof fields.code === "string" && fields.houseBalance === undefined && fields.aminaBalance === undefined;
  if (isFailure) {
    const message = typeof fields.message === "string" ? fields.message : String(fields.code);
    return { ok: false, failure: { code: fields.code as string, message } };
  }
  return { ok: true, body: { action: String(fields.action ?? ""), ...fields } as GameResultBody };
}

/** A failure raised on this side: not connected, timed out, or refused before sending. */
export function localFailure(code: string, message: string): GameOutcome {
  return { ok: false, failure: { code, message } };
}

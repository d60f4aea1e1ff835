/**
 * Why the server ends a room connection or refuses a join, by number: the WebSocket close code
 * (or matchmaking error code) each one travels with, the close reason text, and the failure of
 * the catalogue the client shows for it.
 */
import { type FailureCode, messageOf } from "./failures.ts";

/** Close code of a room client whose session ended (logout, or replaced by a new one). */
export const SESSION_ENDED_CLOSE_CODE = 4401;
/**
 * Error code of a join refused because the client speaks another PROTOCOL_VERSION (a matchmaking
 * refusal travels as an HTTP status, so it is 426 Upgrade Required rather than a 4xxx close code).
 */
export const VERSION_MISMATCH_CODE = 426;

/** Every named close reason: its code on the socket, its reason text and its catalogue failure. */
export const CLOSE_REASONS = {
  [SESSION_ENDED_CLOSE_CODE]: { reason: "session ended", failure: "auth/session_ended" },
  [VERSION_MISMATCH_CODE]: { reason: "protocol version mismatch", failure: "protocol/version_mismatch" },
} as const satisfies Record<number, { reason: string; failure: FailureCode }>;

/** A named close code. */
export type CloseCode = keyof typeof CLOSE_REASONS;

/** A close the client explains: the failure code and the text to show. */
export interface CloseExplanation {
  closeCode: CloseCode;
  code: FailureCode;
  message: string;
}

/** The explanation of a close or join-refusal code, or null when it is not one of ours. */
export function explainClose(closeCode: number | undefined): CloseExplanation | null {
  if (closeCode === undefined || !Object.hasOwn(CLOSE_REASONS, closeCode)) return null;
  const named = closeCode as CloseCode;
  const code = CLOSE_REASONS[named].failure;
  return { closeCode: named, code, message: messageOf(code) };
}

/**
 * What the player is told when the server ends a room connection or refuses a join for a named
 * reason (protocol's close reason table): a session that ended, or a page older than the server.
 */
import { explainClose } from "@casino/protocol/wire/close-reasons";

/** A named close as the screen shows it: toast title and text, and the failure code. */
export type RoomClose = { code: string; title: string; message: string };

/** Toast titles of the named closes. */
const TITLES: Record<string, string> = {
  "auth/session_ended": "Your session ended",
  "protocol/version_mismatch": "Please reload the page",
};

/** The named close behind a close code (or a join refusal's code), or null for any other close. */
export function explainRoomClose(closeCode: number | undefined): RoomClose | null {
  const named = explainClose(closeCode);
  if (!named) return null;
  return { code: named.code, title: TITLES[named.code] ?? "Disconnected", message: named.message };
}

/** The named close behind a failed join (the SDK's MatchMakeError carries the server's code). */
export function explainJoinRefusal(error: unknown): RoomClose | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "number" ? explainRoomClose(code) : null;
}

import { describeGameFailure } from "../room/failureText.ts";
import type { GameFailure } from "../room/gameReply.ts";
import type { AutoBetRound } from "./useAutoBet.ts";

/** A round the room refused: its SPEC.md text goes to the screen's error line and stops the auto-bet. */
export function refuseRound(
  action: string,
  failure: GameFailure,
  showError: (message: string) => void,
): AutoBetRound {
  const message = describeGameFailure(action, failure);
  showError(message);
  return { ok: false, message };
}

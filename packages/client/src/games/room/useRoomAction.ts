import type { GameMessageType } from "@casino/protocol";
import { useState } from "react";
import { describeGameFailure } from "./failureText.ts";
import type { GameResultBody } from "./gameReply.ts";
import type { GameRoomHandle } from "./useGameRoom.ts";

/**
 * Sends a screen's actions to its room: `busy` while one is out, and a refusal becomes the error line
 * with its SPEC.md message. `send` gives the room's answer, or null when the action was refused.
 */
export function useRoomAction(room: GameRoomHandle) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (action: GameMessageType, payload?: Record<string, unknown>) => {
    setError(null);
    setBusy(true);
    const outcome = await room.act(action, payload);
    setBusy(false);
    if (outcome.ok) return outcome.body as GameResultBody;
    setError(describeGameFailure(action, outcome.failure));
    return null;
  };

  return { busy, error, setError, send };
}

/**
 * The play state the live feed room pushes (PLAY_STATE): the maintenance switch and the player's own
 * pause, kept for every component of the tab. A new room connection (another wallet) starts over.
 */
import type { PlayerPause, PlayStateMessage } from "@casino/protocol/schemas/play-state";

/** What the tab knows of the play state. */
export interface PlayState {
  maintenance: boolean;
  pause: PlayerPause | null;
}

let state: PlayState = { maintenance: false, pause: null };
const listeners = new Set<() => void>();

/** Merges a PLAY_STATE message (fields left out stay). */
export function applyPlayState(message: PlayStateMessage): void {
  state = {
    maintenance: message.maintenance ?? state.maintenance,
    pause: message.pause === undefined ? state.pause : message.pause,
  };
  for (const listener of listeners) listener();
}

/** Forgets the player's pause (the room connection changed hands; the next join tells it again). */
export function forgetPlayerPause(): void {
  applyPlayState({ pause: null });
}

/** Subscribes to changes (useSyncExternalStore). */
export function subscribePlayState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current state (useSyncExternalStore). */
export function readPlayState(): PlayState {
  return state;
}

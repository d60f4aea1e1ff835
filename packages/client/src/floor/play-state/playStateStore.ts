/**
 * The play state the live feed room pushes (PLAY_STATE): the maintenance switch and the player's own
 * pause, kept for every component of the tab. A new room connection (another wallet) starts over.
 */
import { noteBetOnClock, type PlayerPause, type PlayStateMessage } from "@casino/protocol/schemas/play-state";

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

/** Moves the session-limit clock on for the player's own bets (My bets rows), as the server counts them. */
export function notePlayerBets(times: readonly number[]): void {
  const limit = state.pause?.sessionLimit;
  if (!state.pause || !limit || times.length === 0) return;
  let clock = limit;
  for (const at of [...times].sort((a, b) => a - b)) clock = noteBetOnClock(clock, at) ?? clock;
  applyPlayState({ pause: { ...state.pause, sessionLimit: clock } });
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

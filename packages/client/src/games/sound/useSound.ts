/** The mute switch, remembered per browser, and the hook the game screens play their effects with. */
import { useAtom, useAtomValue } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { useCallback, useEffect } from "react";
import { playSound, watchFirstGesture } from "./soundPlayer.ts";
import type { SoundName } from "./wavSynth.ts";

/** Whether sound is muted, stored in this browser's localStorage. */
export const soundMutedAtom = atomWithStorage("casino.soundMuted", false, undefined, { getOnInit: true });

/** Reads and sets the mute switch. */
export function useSoundMuted(): [boolean, (muted: boolean) => void] {
  return useAtom(soundMutedAtom);
}

/** A function that plays an effect unless muted (and never before the first gesture). */
export function useSound(): (name: SoundName) => void {
  const muted = useAtomValue(soundMutedAtom);
  useEffect(() => watchFirstGesture(), []);
  return useCallback((name: SoundName) => playSound(name, muted), [muted]);
}

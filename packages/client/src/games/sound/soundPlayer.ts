/**
 * Plays the casino's sound effects through howler. Nothing is loaded and no audio context is made
 * before the player's first gesture on the page (a click, a tap or a key), as browsers require;
 * howler itself is fetched then, so pages that never play a sound never load it.
 */
import type { Howl } from "howler";
import type { SoundName } from "./wavSynth.ts";

/** Where the generated effects are served from (client public assets). */
export const soundUrl = (name: SoundName): string => `/sounds/${name}.wav`;

/** Loudness of the effects, 0..1. */
const VOLUME = 0.5;

let gestureSeen = false;
let howler: Promise<typeof import("howler")> | undefined;
const howls = new Map<SoundName, Howl>();

/** Notes the first user gesture on the page; until then every sound is skipped. */
export function watchFirstGesture(target: Window = window): void {
  if (gestureSeen) return;
  const seen = () => {
    gestureSeen = true;
    target.removeEventListener("pointerdown", seen, true);
    target.removeEventListener("keydown", seen, true);
  };
  target.addEventListener("pointerdown", seen, true);
  target.addEventListener("keydown", seen, true);
}

/** Whether a sound may play now: not muted, and the player has touched the page. */
export function maySound(muted: boolean): boolean {
  return !muted && gestureSeen;
}

/** Plays `name` unless muted or before the first gesture. */
export function playSound(name: SoundName, muted: boolean): void {
  if (!maySound(muted)) return;
  howler ??= import("howler");
  void howler.then(({ Howl }) => {
    let howl = howls.get(name);
    if (!howl) {
      howl = new Howl({ src: [soundUrl(name)], volume: VOLUME, preload: true });
      howls.set(name, howl);
    }
    howl.play();
  });
}

import { useEffect, useState } from "react";

/** What counts as the player reaching for the page. */
const INTERACTIONS = ["pointerdown", "keydown", "touchstart"] as const;

/**
 * False until the player first touches, clicks or types on the page, then true: work only a player
 * at the controls needs (a game's renderer) starts then, and the page's load stays light.
 */
export function useFirstInteraction(): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return;
    const done = () => setInteracted(true);
    for (const type of INTERACTIONS)
      window.addEventListener(type, done, { once: true, passive: true, capture: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, { capture: true });
    };
  }, [interacted]);
  return interacted;
}

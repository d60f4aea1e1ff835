/** Keyboard play: Space or Enter anywhere on a game screen presses its main button. */
import { useEffect, useRef } from "react";

/** Elements that handle Space and Enter themselves. */
const OWN_KEYS = new Set(["INPUT", "SELECT", "TEXTAREA", "BUTTON", "A"]);

/** Whether a key event should press the main button (not typed into a control, not repeated). */
export function isMainKey(key: string, targetTag: string | undefined, repeat: boolean): boolean {
  if (repeat) return false;
  if (key !== " " && key !== "Enter") return false;
  return !OWN_KEYS.has((targetTag ?? "").toUpperCase());
}

/** Presses `action` on Space/Enter while `enabled`. */
export function useMainKey(action: () => void, enabled: boolean): void {
  const actionRef = useRef(action);
  actionRef.current = action;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target.tagName : undefined;
      if (!isMainKey(event.key, target, event.repeat)) return;
      event.preventDefault();
      actionRef.current();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}

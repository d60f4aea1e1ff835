/** The hotkeys switch (off by default, remembered per browser) and the hook a screen binds its keys with. */
import { useAtom, useAtomValue } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { useEffect, useRef } from "react";
import { type HotkeyAction, readHotkey } from "./hotkeyMap.ts";

/** Whether hotkeys are on, stored in this browser's localStorage. */
export const hotkeysOnAtom = atomWithStorage("casino.hotkeys", false, undefined, { getOnInit: true });

/** Reads and sets the hotkeys switch. */
export function useHotkeysOn(): [boolean, (on: boolean) => void] {
  return useAtom(hotkeysOnAtom);
}

/** What a screen does on each of its hotkeys (a missing or disabled one is ignored). */
export type HotkeyHandlers = Partial<Record<HotkeyAction, (() => void) | undefined>>;

/** Binds `handlers` to their keys while hotkeys are on (`always` binds them regardless, for "?"). */
export function useHotkeys(handlers: HotkeyHandlers, always = false): void {
  const on = useAtomValue(hotkeysOnAtom) || always;
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!on) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = readHotkey({
        key: event.key,
        targetTag: target?.tagName,
        editable: target?.isContentEditable,
        repeat: event.repeat,
        ctrl: event.ctrlKey,
        alt: event.altKey,
        meta: event.metaKey,
      });
      const handler = action ? latest.current[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [on]);
}

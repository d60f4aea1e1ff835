/**
 * The game screens' hotkeys: S halves the bet, D doubles it, and on hi-lo H, L and C guess higher,
 * lower and cash out; "?" opens the list. Space and Enter press the main button (frame/useMainKey.ts).
 * Keys typed into a field, held down or pressed with Ctrl, Alt or Meta are never hotkeys.
 */

/** What a hotkey does. */
export type HotkeyAction = "half" | "double" | "higher" | "lower" | "cashOut" | "help";

/** Keys and their actions, as the help dialog lists them. */
export const HOTKEYS: readonly { key: string; action: HotkeyAction | "bet"; text: string }[] = [
  { key: "Space", action: "bet", text: "Bet (roll, drop, spin, deal) — always on" },
  { key: "S", action: "half", text: "Halve the bet" },
  { key: "D", action: "double", text: "Double the bet" },
  { key: "H", action: "higher", text: "Hi-Lo: guess higher" },
  { key: "L", action: "lower", text: "Hi-Lo: guess lower" },
  { key: "C", action: "cashOut", text: "Hi-Lo: cash out" },
  { key: "?", action: "help", text: "Show this list" },
];

/** Elements whose typing is never a hotkey. */
const TYPING_TAGS = new Set(["INPUT", "SELECT", "TEXTAREA"]);

/** The key event as the map reads it. */
export type KeyPress = {
  key: string;
  targetTag?: string | undefined;
  editable?: boolean | undefined;
  repeat?: boolean;
  ctrl?: boolean;
  alt?: boolean;
  meta?: boolean;
};

/** The action of a key press, or null when it is not a hotkey (or is typed into a field). */
export function readHotkey(press: KeyPress): HotkeyAction | null {
  if (press.repeat || press.ctrl || press.alt || press.meta || press.editable) return null;
  if (TYPING_TAGS.has((press.targetTag ?? "").toUpperCase())) return null;
  if (press.key === "?") return "help";
  const map: Record<string, HotkeyAction> = { s: "half", d: "double", h: "higher", l: "lower", c: "cashOut" };
  return map[press.key.toLowerCase()] ?? null;
}

/**
 * Keyboard shortcuts of the action bar: F fold, C check or call, R bet or raise, A all-in. Keys are
 * ignored while the player types in a field or holds a modifier, so typing an amount never acts.
 */

/** What a shortcut asks the action bar to do. */
export type ShortcutCommand = "fold" | "checkCall" | "raise" | "allIn";

/** The shortcut keys as the tooltips show them. */
export const SHORTCUT_KEYS: Record<ShortcutCommand, string> = {
  fold: "F",
  checkCall: "C",
  raise: "R",
  allIn: "A",
};

/** The key event's fields the mapping reads. */
export type KeyInput = {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** Tag name of the focused element ("INPUT", "TEXTAREA", ...), if any. */
  targetTag?: string | undefined;
  targetEditable?: boolean | undefined;
};

const COMMANDS: Record<string, ShortcutCommand> = { f: "fold", c: "checkCall", r: "raise", a: "allIn" };

/** The command a key press means, or null when it means nothing here. */
export function readShortcut(input: KeyInput): ShortcutCommand | null {
  if (input.altKey || input.ctrlKey || input.metaKey) return null;
  const tag = input.targetTag?.toUpperCase();
  if (input.targetEditable || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return null;
  return COMMANDS[input.key.toLowerCase()] ?? null;
}

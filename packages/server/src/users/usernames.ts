/**
 * Names nobody can borrow (DESIGN.md section 3): a username's key is its Unicode confusable
 * skeleton (UTS #39 data through `unhomoglyph`) folded to lower case, so `Operator`, `operator`,
 * `0perator`, `оperator` (Cyrillic о) and `Ｏperator` (fullwidth) share one key, and the database
 * keeps one player per key. Staff words and the pattern of generated names cannot be picked.
 */
import unhomoglyph from "unhomoglyph";

/**
 * A picked username after NFKC: 3-24 letters (any script) or digits, `_` or `-`, at most one mark
 * on each; the Hangul fillers, which are letters that show nothing, are not.
 */
export const USERNAME = /^(?:(?![\u115f\u1160\u3164\uffa0])[\p{L}\p{N}_-]\p{M}?){3,24}$/u;

/** Words that name the casino's staff or its own labels ("Hidden" is what the feed shows for a private player). */
export const RESERVED_USERNAMES = [
  "admin",
  "administrator",
  "operator",
  "house",
  "hidden",
  "system",
  "moderator",
  "mod",
  "support",
  "dealer",
  "staff",
  "official",
  "casino",
  "amina",
  "root",
  "security",
  "sentinel",
  "bookkeeper",
  "auditor",
  "cashier",
  "helpdesk",
  "anonymous",
  "unknown",
] as const;

/** Digits and signs read as letters in leetspeak, for the reserved-word check only. */
const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "9": "g",
};

/** Generated names are `cosmic_` + 8 characters; the prefix (or a look-alike) is theirs alone. */
const GENERATED_PREFIX_KEY = foldUsername("cosmic_");

/** Why a picked username is refused, or null when it may be taken. */
export type UsernameRefusal = "user/username_reserved" | "user/username_generated";

/** The name as stored: NFKC-normalised, so fullwidth and compatibility forms become plain letters. */
export function normalizeUsername(name: string): string {
  return name.normalize("NFKC");
}

/** The key two names share when they read alike: confusable skeleton, case-folded, to a fixed point. */
export function foldUsername(name: string): string {
  let key = normalizeUsername(name).toLowerCase();
  for (let pass = 0; pass < 3; pass += 1) {
    const next = unhomoglyph(key).normalize("NFKC").toLowerCase();
    if (next === key) break;
    key = next;
  }
  return key;
}

/** A name's words as they read: separators gone, leetspeak digits read as letters ("Adm1n_" -> "admin"), folded. */
function readAsWord(part: string): string {
  const letters = [...normalizeUsername(part).toLowerCase().replace(/[_-]/g, "")].map((c) => LEET[c] ?? c);
  return foldUsername(letters.join(""));
}

/** Reserved words folded like names, so their look-alikes match too. */
const RESERVED_KEYS = RESERVED_USERNAMES.map((word) => foldUsername(word));

/** Whether the name reads as a staff word: it is one, begins with one, or one of its `_`/`-` parts is one. */
function isReserved(name: string): boolean {
  const wholes = [readAsWord(name), foldUsername(name.replace(/[_-]/g, ""))];
  const parts = name.split(/[_-]+/).flatMap((part) => [readAsWord(part), foldUsername(part)]);
  return RESERVED_KEYS.some(
    (word) =>
      parts.includes(word) ||
      wholes.some((whole) => whole === word || (word.length >= 4 && whole.startsWith(word))),
  );
}

/** The name a table shows for a player who gave none; any number of players may sit under it. */
const NAMELESS_KEY = foldUsername("Anonymous");

/**
 * Checks a display name a player gives a poker seat: the default "Anonymous" is anybody's, a staff
 * word is nobody's, and a name that reads like a player's username is only that player's.
 */
export function refuseSeatName(name: string, holderOfKey: string | undefined, userId: string) {
  if (foldUsername(name) === NAMELESS_KEY) return null;
  if (isReserved(name)) return "poker/name_reserved" as const;
  if (holderOfKey !== undefined && holderOfKey !== userId) return "poker/name_taken" as const;
  return null;
}

/** Checks a picked (already well-formed) username: the refusal, or null when only its uniqueness is left to check. */
export function refusePickedUsername(name: string): UsernameRefusal | null {
  if (isReserved(name)) return "user/username_reserved";
  if (foldUsername(name).startsWith(GENERATED_PREFIX_KEY)) return "user/username_generated";
  return null;
}

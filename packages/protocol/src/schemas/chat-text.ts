/**
 * The text rule every chat message goes through, on the server before it is stored (and in the
 * client's tests): what a message keeps, and whether what is left shows anything at all.
 * Real-world abuse it answers: messages that look empty (Hangul fillers, the Braille blank),
 * invisible tag and format characters that smuggle text, and "zalgo" stacks of combining marks
 * that spill over other lines.
 */

/** Combining marks kept on one character; more only stack into a smear over neighbouring lines. */
export const MAX_MARKS_PER_CHARACTER = 2;

/** Line breaks, tabs and every other kind of space: each becomes a plain space. */
const SPACES = /[\t\n\r\v\f\p{Zs}\u2028\u2029]/gu;

/** Control characters (C0, DEL, C1). */
const CONTROLS = /\p{Cc}/gu;

/**
 * Characters that show nothing: format characters (zero-width and direction marks, tags
 * U+E0000-E007F), every default-ignorable code point (Hangul fillers U+115F, U+1160, U+3164,
 * U+FFA0, the combining grapheme joiner, variation selectors after a non-emoji) and the Braille
 * blank U+2800. The zero-width joiner and the emoji variation selector stay inside emoji, where
 * they join or colour a visible picture.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** Where the emoji presentation selector and the zero-width joiner glue a pictograph (sticky: tried at one offset). */
const EMOJI_GLUE =
  /(?<=\p{Extended_Pictographic}\p{Emoji_Modifier}?)\ufe0f|(?<=\p{Extended_Pictographic}\p{Emoji_Modifier}?\ufe0f?)\u200d(?=\p{Extended_Pictographic})/uy;

/** Combining marks beyond the allowance of the character they sit on. */
const EXCESS_MARKS = new RegExp(`(\\p{M}{${MAX_MARKS_PER_CHARACTER}})\\p{M}+`, "gu");

/** A character that shows something: a letter, digit, punctuation or symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** Whether the invisible character at `offset` glues an emoji together (then it stays). */
function gluesEmoji(whole: string, offset: number): boolean {
  EMOJI_GLUE.lastIndex = offset;
  return EMOJI_GLUE.test(whole);
}

/** Removes invisible characters, keeping the joiners and selectors inside emoji. */
function dropInvisible(text: string): string {
  return text.replace(INVISIBLE, (char: string, offset: number, whole: string) =>
    gluesEmoji(whole, offset) ? char : "",
  );
}

/**
 * The text a message keeps: spaces of every kind folded to one, control and invisible characters
 * gone, at most MAX_MARKS_PER_CHARACTER combining marks on a character (counted decomposed, so
 * "é" is one mark), composed again (NFC).
 */
export function cleanChatText(raw: string): string {
  const text = dropInvisible(raw.normalize("NFD").replace(SPACES, " ").replace(CONTROLS, ""));
  return text.replace(EXCESS_MARKS, "$1").normalize("NFC").replace(/ {2,}/g, " ").trim();
}

/** Whether a cleaned text shows any glyph at all (marks alone on spaces show nothing worth posting). */
export function hasVisibleGlyph(text: string): boolean {
  return VISIBLE.test(text);
}

/**
 * The chat's profanity filter: obscenity's English dataset with its recommended transformers
 * (leetspeak, confusable letters, repeated characters), and words it finds masked with asterisks,
 * so a message is never refused for a word, only cleaned. A word spelt out letter by letter
 * ("f u c k", "s.h.1.t") is read joined up, and its letters masked when the joined word is profane.
 */
import {
  asteriskCensorStrategy,
  englishDataset,
  englishRecommendedTransformers,
  RegExpMatcher,
  TextCensor,
} from "obscenity";

const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
const censor = new TextCensor().setStrategy(asteriskCensorStrategy());

/** One letter (or leetspeak sign) of a spelt-out word, standing alone. */
const LETTER = String.raw`[\p{L}\p{N}@$!*](?![\p{L}\p{N}])`;
/** What people put between the letters of a spelt-out word. */
const GAP = String.raw`[\s.,\-_+*'"|/\\~:;]{1,3}`;
/** Three or more single letters in a row, each apart from the next. */
const SPELT_OUT = new RegExp(String.raw`(?<![\p{L}\p{N}])${LETTER}(?:${GAP}${LETTER}){2,}`, "gu");
/** The letters of a spelt-out run (what gets masked). */
const RUN_LETTER = /[\p{L}\p{N}@$!*]/gu;

/** The text with words matched as written masked by asterisks of the same length. */
function maskWords(text: string): string {
  const matches = matcher.getAllMatches(text, true);
  return matches.length === 0 ? text : censor.applyTo(text, matches);
}

/** The text with every spelt-out run whose joined letters are profane masked letter by letter. */
function maskSpeltOut(text: string): string {
  return text.replace(SPELT_OUT, (run) => {
    const joined = run.replace(new RegExp(GAP, "gu"), "");
    return matcher.hasMatch(joined) ? run.replace(RUN_LETTER, "*") : run;
  });
}

/** The text with every profane word masked by asterisks, whether written whole or spelt out. */
export function maskProfanity(text: string): string {
  return maskWords(maskSpeltOut(text));
}

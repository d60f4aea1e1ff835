/**
 * The chat's profanity filter: obscenity's English dataset with its recommended transformers
 * (leetspeak, confusable letters, repeated characters), and words it finds masked with asterisks,
 * so a message is never refused for a word, only cleaned.
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

/** The text with every profane word masked by asterisks of the same length. */
export function maskProfanity(text: string): string {
  const matches = matcher.getAllMatches(text, true);
  return matches.length === 0 ? text : censor.applyTo(text, matches);
}

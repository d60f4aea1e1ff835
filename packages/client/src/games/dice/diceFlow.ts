/** Nebula Dice timings and texts (SPEC.md sections 4 and 9), with the real multipliers from the protocol. */
import { DICE_BET_TYPES, DICE_MULTIPLIER_LABELS, type DiceBetType } from "@casino/protocol";

/** The rolling faces show this long before the result (1.5 s). */
export const DICE_ROLL_MS = 1500;

/** Faces change this often while rolling. */
export const DICE_FACE_MS = 90;

/** The three bet buttons: name, range and what they pay. */
export const DICE_OPTIONS: readonly { betType: DiceBetType; name: string; range: string; pays: string }[] =
  DICE_BET_TYPES.map((betType) => ({
    betType,
    name: betType.toUpperCase(),
    range: { low: "2-6", seven: "7", high: "8-12" }[betType],
    pays: DICE_MULTIPLIER_LABELS[betType],
  }));

/** A die face 1..6 for the rolling animation from a random float. */
export function rollingFace(random: number): number {
  return Math.min(6, Math.floor(random * 6) + 1);
}

/** The result line of a roll. */
export function describeDiceRoll(total: number, isWin: boolean): string {
  return isWin ? `Total ${total}: your pick wins!` : `Total ${total}: No win this time!`;
}

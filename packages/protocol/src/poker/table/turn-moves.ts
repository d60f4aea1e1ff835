/**
 * Moves the table makes for a seat on its turn: a queued pre-action played, a bot's decision from
 * its own view, and the human-like wait before a bot answers. Randomness is passed in.
 */
import { DEFAULT_BOT_STYLE, decideBotAction } from "../bots/decide.ts";
import { type LegalActions, legalActions } from "../engine/betting.ts";
import type { TableState } from "../engine/types.ts";
import { playerView } from "../engine/view.ts";
import type { SeatMeta } from "./seat-meta.ts";

/** A betting move a player (or the table for them) chooses. */
export type PlayerMove =
  | { type: "fold" | "check" | "call" | "all_in" }
  | { type: "bet" | "raise"; amount: number };

/** The move of a queued pre-action: check/fold checks when it can, call any calls (or checks). */
export function choosePreActionMove(
  preAction: NonNullable<SeatMeta["preAction"]>,
  legal: LegalActions,
): PlayerMove {
  if (preAction === "check_fold") return { type: legal.canCheck ? "check" : "fold" };
  return { type: legal.canCall ? "call" : legal.canCheck ? "check" : "fold" };
}

/** A bot's move for its turn, decided from its own view and the legal moves. */
export function chooseBotMove(
  state: TableState,
  seat: number,
  random: () => number,
  equityTrials: number,
): PlayerMove {
  const legal = legalActions(state, seat);
  const decided = decideBotAction(playerView(state, seat), legal, random, {
    ...DEFAULT_BOT_STYLE,
    equityTrials,
  });
  if (decided.type === "bet" || decided.type === "raise")
    return { type: decided.type, amount: decided.amount };
  return { type: decided.type as "fold" | "check" | "call" | "all_in" };
}

/** The fallback when a move was refused: check if possible, else fold. */
export function choosePassiveMove(state: TableState, seat: number): PlayerMove {
  return { type: legalActions(state, seat).canCheck ? "check" : "fold" };
}

/** How long a bot waits before answering: drawn from [min, max) ms. */
export function drawBotDelay(range: readonly [number, number], random: () => number): number {
  const [min, max] = range;
  return min + Math.floor(random() * Math.max(0, max - min));
}

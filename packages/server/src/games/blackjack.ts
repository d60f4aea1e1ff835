/**
 * Galaxy Blackjack over REST and rooms: deal opens a round (a natural settles at once), every move
 * is applied by the pure reducer to the server's stored hand. The client's totals and stakes are
 * never read; a bust report is answered from the server's own round.
 */
import {
  applyBlackjackAction,
  type BlackjackAction,
  type BlackjackState,
  cardFace,
  type RoundInput,
  startBlackjack,
} from "@casino/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { getBalances } from "../ledger/ledger.ts";
import { findLastRound } from "../rounds/history.ts";
import type { Action, ActOnRoundInput, OpenRound, RuleError } from "../rounds/types.ts";
import { blackjackBody } from "./blackjack-view.ts";
import { gameFailure } from "./failures.ts";
import { streamOf } from "./fair-stream.ts";
import { type GameHandler, whileBettingOpen } from "./handler.ts";
import { actOnPlayerRound, type OpeningStake, openPlayerRound } from "./player-rounds.ts";
import { answer, type GameReply, type Player, reportPlayer } from "./replies.ts";
import type { GameRuntime } from "./runtime.ts";

type BlackjackInput = Extract<RoundInput, { game: "blackjack" }>;

/** Settles the round when the reducer says it is over. */
function settleIfOver(state: BlackjackState) {
  return state.phase === "settled" ? { settled: { win: state.totalWin, outcome: state } } : {};
}

/** Deals a new hand. */
export const dealBlackjack: GameHandler<OpeningStake> = whileBettingOpen(
  async (runtime, player, request, trx) => {
    const { betAmount: stake, currency } = request;
    const input: BlackjackInput = { game: "blackjack", stake, actions: [] };
    const start = (fair: Parameters<typeof streamOf>[0]) => {
      const state = startBlackjack(stake, streamOf(fair));
      return { state, ...settleIfOver(state) };
    };
    const round = { gameType: "blackjack", currency, stake, input, start };
    return openPlayerRound(runtime, player, round, trx, (opened, balances) =>
      answer(blackjackBody(opened, balances)),
    );
  },
);

/** A move applied to the stored hand, or the rule's refusal. */
type AppliedMove = { error: RuleError } | { action: Action; drawn: number[] };

/** Applies one move to the stored hand: the act callback of the round service. */
function applyMove(
  round: OpenRound,
  fair: Parameters<typeof streamOf>[0],
  move: BlackjackAction,
): AppliedMove {
  const state = round.state as BlackjackState;
  const step = applyBlackjackAction(state, move, streamOf(fair, state.position));
  if ("error" in step) return { error: { code: step.error, message: step.error } };
  const input = round.input as BlackjackInput;
  const action: Action = {
    state: step.state,
    input: { ...input, actions: [...input.actions, move] },
    ...(step.additionalStake > 0 ? { additionalStake: step.additionalStake } : {}),
    ...settleIfOver(step.state),
  };
  return { action, drawn: step.drawn };
}

/** Hit, stand, double or split on the player's open hand. */
export async function moveBlackjack(
  runtime: GameRuntime,
  player: Player,
  move: BlackjackAction,
  trx?: Kysely<Database>,
): Promise<GameReply> {
  let drawn: number[] = [];
  const act: ActOnRoundInput["act"] = (round, fair) => {
    const applied = applyMove(round, fair, move);
    if ("error" in applied) return applied;
    drawn = applied.drawn;
    return applied.action;
  };
  return actOnPlayerRound(runtime, player, "blackjack", act, trx, (round, balances) => {
    const body = blackjackBody(round, balances);
    const first = drawn[0];
    return answer(move === "hit" && first !== undefined ? { ...body, newCard: cardFace(first) } : body);
  });
}

/**
 * The client's bust report: the server already settled a bust when the hit was drawn, so the
 * answer is that settled hand; a report while the server's hand is still open is refused.
 */
export async function reportBlackjackBust(runtime: GameRuntime, player: Player): Promise<GameReply> {
  const { handle } = runtime.services;
  const last = await findLastRound(handle.db, player.userId, "blackjack");
  const state = last?.state as BlackjackState | undefined;
  if (!last || last.status === "open" || !state?.hands.every((hand) => hand.result === "bust")) {
    reportPlayer(runtime.services, player, {
      type: "forged_result",
      severity: "low",
      details:
        last?.status === "open" ? "bust reported on an open hand" : "bust reported without a busted hand",
      rule: "blackjack/not_bust",
    });
    return gameFailure("blackjack/not_bust");
  }
  return answer({
    ...blackjackBody(last, await getBalances(handle.db, player.userId)),
    message: "Bust! Dealer wins",
  });
}

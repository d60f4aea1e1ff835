/**
 * Settles rounds their players walked away from, by the rules, so no stake is ever stuck: after
 * `timeoutMs` (default 2 minutes) without a move, a blackjack hand stands on every unfinished
 * hand; a hi-lo round cashes out when its streak is above 0, and before any guess it is settled at
 * the game's return (0.975 x stake), what any first guess is worth on average, so abandoning a bad
 * first card is never a free option. Runs every few seconds and once at start, so a crash or a
 * restart never loses a round. A round the player touched after it was listed is left alone.
 */
import {
  type BlackjackState,
  type HiloState,
  type RoundInput,
  settleAbandonedHilo,
  standAbandonedBlackjack,
} from "@casino/protocol";
import { listOpenRoundsOlderThan } from "../rounds/history.ts";
import { actOnRound } from "../rounds/rounds.ts";
import type { Action, OpenRound, RoundRecord } from "../rounds/types.ts";
import type { CasinoServices } from "../services.ts";
import { markAutoSettled } from "./auto-settled.ts";
import { blackjackBody } from "./blackjack-view.ts";
import { streamOf } from "./fair-stream.ts";
import { hiloBody } from "./hilo-view.ts";
import type { RoundEvents } from "./round-events.ts";

/** A round untouched this long is abandoned. */
export const ABANDONED_ROUND_TIMEOUT_MS = 2 * 60 * 1000;

/** How often the settler looks. */
export const ABANDONED_ROUND_INTERVAL_MS = 5 * 1000;

/** The background settler. */
export interface AbandonedRoundSettler {
  /** Settles every round abandoned now; resolves with how many it settled. */
  settleOnce(): Promise<number>;
  /** Runs once now, then every interval. */
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/** The rule's settlement of an abandoned round, or undefined for games without open rounds. */
export function settleAbandoned(round: OpenRound, fair: Parameters<typeof streamOf>[0]): Action | undefined {
  if (round.gameType === "blackjack") {
    const state = round.state as BlackjackState;
    const input = round.input as Extract<RoundInput, { game: "blackjack" }>;
    const stood = standAbandonedBlackjack(state, streamOf(fair, state.position));
    return {
      state: stood.state,
      input: { ...input, actions: [...input.actions, ...stood.actions] },
      settled: { win: stood.state.totalWin, outcome: stood.state },
    };
  }
  if (round.gameType === "hilo") {
    const state = round.state as HiloState;
    const input = round.input as Extract<RoundInput, { game: "hilo" }>;
    const step = settleAbandonedHilo(state);
    if ("error" in step) return undefined;
    const move = state.streak > 0 ? "cashout" : "abandon";
    return {
      state: step.state,
      input: { ...input, moves: [...input.moves, move] },
      settled: { win: step.state.win, outcome: step.state },
    };
  }
  return undefined;
}

/** Creates the settler; the clock and the timeout are injectable for tests. */
export function createAbandonedRoundSettler(options: {
  services: CasinoServices;
  events?: RoundEvents;
  /** Told of each round settled here (metrics). */
  observeRound?: (round: RoundRecord, committed: boolean) => void;
  timeoutMs?: number;
  intervalMs?: number;
  now?: () => number;
}): AbandonedRoundSettler {
  const { services, events } = options;
  const timeoutMs = options.timeoutMs ?? ABANDONED_ROUND_TIMEOUT_MS;
  const intervalMs = options.intervalMs ?? ABANDONED_ROUND_INTERVAL_MS;
  const now = options.now ?? services.now;
  let timer: NodeJS.Timeout | undefined;

  const settleRound = async (listed: OpenRound): Promise<boolean> => {
    const listedInput = JSON.stringify(listed.input);
    const result = await actOnRound(services.handle, {
      userId: listed.userId,
      gameType: listed.gameType,
      act: (round, fair) => {
        if (round.id !== listed.id || JSON.stringify(round.input) !== listedInput)
          return { error: { code: "round/busy", message: "the player moved meanwhile" } };
        return settleAbandoned(round, fair) ?? { error: { code: "round/unsupported", message: "no rule" } };
      },
    });
    if (!result.ok) return false;
    // After the settling commit: a crash in between loses only the history's "settled automatically" note.
    await markAutoSettled(services.handle.db, result.round.id, now());
    options.observeRound?.(result.round, true);
    const body =
      listed.gameType === "blackjack"
        ? blackjackBody(result.round, result.balances)
        : hiloBody(result.round, result.balances);
    const summary = {
      roundId: result.round.id,
      currency: result.round.currency,
      stake: result.round.betAmount,
      payout: result.round.winAmount,
    };
    events?.publish(listed.userId, {
      gameType: listed.gameType,
      body: { ...body, abandoned: true },
      summary,
    });
    return true;
  };

  const runOnce = async (): Promise<number> => {
    // Rows are stamped with the wall clock; the injected clock may run ahead of it (tests).
    const olderThanMs = timeoutMs - (now() - Date.now());
    let settled = 0;
    for (let batch = 0; batch < 10; batch++) {
      const rounds = await listOpenRoundsOlderThan(services.handle.db, olderThanMs);
      let progressed = false;
      for (const round of rounds) {
        try {
          if (await settleRound(round)) {
            settled++;
            progressed = true;
          }
        } catch (error) {
          services.log.error({ err: error, roundId: round.id }, "abandoned round could not be settled");
        }
      }
      if (rounds.length < 100 || !progressed) break;
    }
    if (settled > 0) services.log.info({ settled }, "abandoned rounds settled");
    return settled;
  };

  // Runs one after the other: a call during a run waits for it, then looks again.
  let chain: Promise<unknown> = Promise.resolve();
  let pending = 0;
  const settleOnce = () => {
    pending++;
    const run = chain.then(runOnce, runOnce).finally(() => {
      pending--;
    });
    chain = run.catch(() => undefined);
    return run;
  };

  const tick = () => {
    if (pending > 0) return;
    settleOnce().catch((error) => services.log.error({ err: error }, "abandoned-round settler failed"));
  };

  return {
    settleOnce,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await chain;
    },
  };
}

/** Command-line parsing of `pnpm sim`, kept apart so it can be tested without running a simulation. */

import { numberOption, readCommandLine, stringOptions } from "../../cli/command-line.ts";
import { DICE_BET_TYPES, type DiceBetType } from "../dice/dice.ts";
import { PLINKO_RISKS, type PlinkoRisk } from "../plinko/plinko.ts";
import { BLACKJACK_STRATEGIES, type BlackjackStrategy, type SimulationConfig } from "../sim/runners.ts";

/** A parsed command line. */
export interface SimOptions {
  config: SimulationConfig;
  rounds: number;
  workers: number;
  seed: number;
}

/** The options of `pnpm sim`. */
const SIM_OPTIONS = {
  ...stringOptions("rounds", "workers", "seed", "bet", "risk", "strategy"),
  "bonus-buy": { type: "boolean" },
} as const;

/** How `pnpm sim` is called. */
export const SIM_USAGE = `usage: pnpm sim <slots|plinko|blackjack|hilo|dice> [--rounds N] [--workers W] [--seed S]
  slots:     [--bonus-buy]                       (base game with triggered free spins, or the bought bonus)
  plinko:    [--risk low|medium|high]
  dice:      [--bet low|seven|high]
  blackjack: [--strategy optimal|mimic-dealer]
  hilo:      [--strategy likely:N]               (likelier side each time, cash out after N right guesses)`;

/** Picks a value from a fixed list or explains what is allowed. */
function pick<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
  name: string,
): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`--${name} must be one of ${allowed.join(", ")}`);
}

/** Parses `pnpm sim` arguments (game first) into a simulation; throws with a message on bad input. */
export function parseSimArgs(args: string[]): SimOptions {
  const { values, positionals } = readCommandLine(SIM_OPTIONS, args);
  const [game] = positionals;
  const count = (name: "rounds" | "workers" | "seed", fallback: number) =>
    numberOption(values[name], name, fallback, { min: 1, whole: true });
  const rounds = count("rounds", 1_000_000);
  const workers = count("workers", 1);
  const seed = count("seed", 1);
  let config: SimulationConfig;
  if (game === "dice")
    config = { game, betType: pick<DiceBetType>(values.bet, DICE_BET_TYPES, "low", "bet") };
  else if (game === "plinko")
    config = { game, risk: pick<PlinkoRisk>(values.risk, PLINKO_RISKS, "low", "risk") };
  else if (game === "blackjack") {
    const strategy = pick<BlackjackStrategy>(values.strategy, BLACKJACK_STRATEGIES, "optimal", "strategy");
    config = { game, strategy };
  } else if (game === "hilo") {
    const match = /^likely:(\d+)$/.exec(values.strategy ?? "likely:3");
    if (!match) throw new Error("--strategy must be likely:N");
    config = { game, cashOutAfter: numberOption(match[1], "strategy", 3, { min: 1, whole: true }) };
  } else if (game === "slots") config = { game, bonusBuy: values["bonus-buy"] === true };
  else throw new Error(SIM_USAGE);
  return { config, rounds, workers, seed };
}

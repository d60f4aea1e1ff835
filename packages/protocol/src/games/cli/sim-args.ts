/** Command-line parsing of `pnpm sim`, kept apart so it can be tested without running a simulation. */

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

export const SIM_USAGE = `usage: pnpm sim <slots|plinko|blackjack|hilo|dice> [--rounds N] [--workers W] [--seed S]
  slots:     [--bonus-buy]                       (base game with triggered free spins, or the bought bonus)
  plinko:    [--risk low|medium|high]
  dice:      [--bet low|seven|high]
  blackjack: [--strategy optimal|mimic-dealer]
  hilo:      [--strategy likely:N]               (likelier side each time, cash out after N right guesses)`;

/** Reads `--name value` pairs and bare `--flag`s. */
export function readFlags(args: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) continue;
    const next = args[i + 1];
    if (next !== undefined && !next.startsWith("--")) {
      flags.set(arg.slice(2), next);
      i++;
    } else flags.set(arg.slice(2), "true");
  }
  return flags;
}

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

/** A positive integer flag, accepting 1e8 and 100_000_000 spellings. */
function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const number = Number(value.replaceAll("_", ""));
  if (!Number.isSafeInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer`);
  return number;
}

/** Parses `pnpm sim` arguments (game first) into a simulation; throws with a message on bad input. */
export function parseSimArgs(args: string[]): SimOptions {
  const [game, ...rest] = args;
  const flags = readFlags(rest);
  const rounds = positiveInteger(flags.get("rounds"), 1_000_000, "rounds");
  const workers = positiveInteger(flags.get("workers"), 1, "workers");
  const seed = positiveInteger(flags.get("seed"), 1, "seed");
  let config: SimulationConfig;
  if (game === "dice")
    config = { game, betType: pick<DiceBetType>(flags.get("bet"), DICE_BET_TYPES, "low", "bet") };
  else if (game === "plinko")
    config = { game, risk: pick<PlinkoRisk>(flags.get("risk"), PLINKO_RISKS, "low", "risk") };
  else if (game === "blackjack") {
    const strategy = pick<BlackjackStrategy>(
      flags.get("strategy"),
      BLACKJACK_STRATEGIES,
      "optimal",
      "strategy",
    );
    config = { game, strategy };
  } else if (game === "hilo") {
    const match = /^likely:(\d+)$/.exec(flags.get("strategy") ?? "likely:3");
    if (!match) throw new Error("--strategy must be likely:N");
    config = { game, cashOutAfter: positiveInteger(match[1], 3, "strategy") };
  } else if (game === "slots") config = { game, bonusBuy: flags.has("bonus-buy") };
  else throw new Error(SIM_USAGE);
  return { config, rounds, workers, seed };
}

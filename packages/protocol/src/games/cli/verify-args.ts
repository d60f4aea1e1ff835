/** Command-line parsing of `pnpm verify`: the flags become the same round record the browser verifies. */

import { readCommandLine, stringOptions } from "../../cli/command-line.ts";
import { parseAmount } from "../../money/money.ts";
import type { VerifiableRound } from "../verify.ts";

/** The options of `pnpm verify`: the round's, its game's, then a poker opening's (read by verify-opening.ts). */
const VERIFY_OPTIONS = {
  ...stringOptions("server-seed", "client-seed", "nonce", "game", "stake", "hash"),
  ...stringOptions("bet", "risk", "actions", "guesses", "free-spin-multiplier", "bonus-won"),
  ...stringOptions("poker-opening", "root", "seed-hash", "board", "seat", "cards"),
  ...stringOptions("crash-hash", "salt", "round", "terminal", "crash-point"),
};

/** The flags of a `pnpm verify` command line by name (only those given). */
export type VerifyFlags = Map<string, string>;

/** How `pnpm verify` is called. */
export const VERIFY_USAGE = `usage: pnpm verify --server-seed S --client-seed C --nonce N --game G [--stake 1] [game options]
  dice:      --bet low|seven|high
  plinko:    --risk low|medium|high
  slots:     [--free-spin-multiplier 3 --bonus-won 0]     (a free spin; amounts in coins)
  blackjack: --actions hit,stand,...                      (the moves after the deal, in order)
  hilo:      --guesses higher,lower,...,cashout
  --stake is the original bet in coins (default 1); --hash H also checks the published seed hash
  poker:     pnpm verify --poker-opening FILE [--root R] (a finished hand's opened cards)
  crash:     pnpm verify --crash-hash H --salt S --round N --terminal T [--crash-point 2.32]`;

/** Reads a `pnpm verify` command line; throws on an unknown option or one without its value. */
export function readVerifyFlags(args: string[]): VerifyFlags {
  const { values } = readCommandLine(VERIFY_OPTIONS, args);
  return new Map(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** A required flag or a message naming it. */
function required(flags: VerifyFlags, name: string): string {
  const value = flags.get(name);
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
}

/** A coin amount flag in micro-units. */
function units(value: string, name: string): number {
  const parsed = parseAmount(value);
  if (!parsed.ok) throw new Error(`--${name}: ${parsed.error}`);
  return parsed.units;
}

/** A comma-separated list flag (empty when absent). */
function list(value: string | undefined): string[] {
  return value
    ? value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean)
    : [];
}

/** Parses `pnpm verify` arguments into a round record; game-specific values are checked by verifyRound. */
export function parseVerifyArgs(args: string[]): VerifiableRound {
  return roundOfFlags(readVerifyFlags(args));
}

/** The round record the flags describe; throws naming a missing or bad flag. */
export function roundOfFlags(flags: VerifyFlags): VerifiableRound {
  const nonce = Number(required(flags, "nonce"));
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new Error("--nonce must be a non-negative integer");
  const game = required(flags, "game");
  const stake = units(flags.get("stake") ?? "1", "stake");
  let input: Record<string, unknown>;
  if (game === "dice") input = { game, stake, betType: required(flags, "bet") };
  else if (game === "plinko") input = { game, stake, risk: required(flags, "risk") };
  else if (game === "blackjack") input = { game, stake, actions: list(flags.get("actions")) };
  else if (game === "hilo") input = { game, stake, moves: list(flags.get("guesses")) };
  else if (game === "slots") {
    const multiplier = flags.get("free-spin-multiplier");
    input =
      multiplier === undefined
        ? { game, stake }
        : {
            game,
            stake,
            freeSpin: {
              multiplier: Number(multiplier),
              bonusWonBefore: units(flags.get("bonus-won") ?? "0", "bonus-won"),
            },
          };
  } else throw new Error(`--game must be one of slots, plinko, blackjack, hilo, dice`);
  const round: VerifiableRound = {
    serverSeed: required(flags, "server-seed"),
    clientSeed: required(flags, "client-seed"),
    nonce,
    input,
  };
  const hash = flags.get("hash");
  if (hash !== undefined) round.serverSeedHash = hash;
  return round;
}

/**
 * The one way the casino's commands (pnpm sim / verify, the benches, ./casino backup, pnpm cluster)
 * read their arguments: node:util parseArgs, strict (an unknown or valueless option is an error),
 * with the `--` that pnpm and ./casino pass on dropped.
 */
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";

/** Parses `argv` (default: this process's arguments) against the declared options; throws on bad input. */
export function readCommandLine<const O extends ParseArgsOptionsConfig>(
  options: O,
  argv: readonly string[] = process.argv.slice(2),
) {
  return parseArgs({
    args: argv.filter((arg) => arg !== "--"),
    options,
    allowPositionals: true,
    strict: true,
  });
}

/** Declares options that each take a value (`--name value`), read as strings. */
export function stringOptions<const N extends string>(...names: N[]): Record<N, { type: "string" }> {
  return Object.fromEntries(names.map((name) => [name, { type: "string" }])) as Record<N, { type: "string" }>;
}

/** What a numeric option may hold. */
export interface NumberRule {
  /** Smallest value allowed (default 0). */
  min?: number;
  /** Whether the smallest value itself is refused (a count that must be > 0). */
  exclusive?: boolean;
  /** Whole numbers only. */
  whole?: boolean;
}

/** A numeric option's value (the fallback when absent; `1e8` and `100_000_000` spellings accepted); throws naming the option. */
export function numberOption(
  value: string | undefined,
  name: string,
  fallback: number,
  rule: NumberRule = {},
): number {
  if (value === undefined) return fallback;
  const number = Number(value.replaceAll("_", ""));
  const min = rule.min ?? 0;
  const inRange = rule.exclusive ? number > min : number >= min;
  const shape = rule.whole ? Number.isSafeInteger(number) : Number.isFinite(number);
  if (value.trim() === "" || !shape || !inRange)
    throw new Error(
      `--${name} must be ${rule.whole ? "a whole number" : "a number"} ${rule.exclusive ? ">" : ">="} ${min}`,
    );
  return number;
}

/** Runs `read` (a command line's parse); on bad input prints why and the usage, and exits with status 2. */
export function readOrExit<T>(read: () => T, usage: string): T {
  try {
    return read();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(usage);
    process.exit(2);
  }
}

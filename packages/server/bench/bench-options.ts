/**
 * The command-line options the benches share, declared once: an HTTP bench's server side
 * (SERVE_OPTIONS) and how long and how hard its load runs. Each bench spreads these into its
 * readCommandLine call beside its own options.
 */
import { SERVE_OPTIONS } from "./bench-server.ts";

/** A string option with a default value, as node:util parseArgs declares it. */
export function stringOption(fallback: string) {
  return { type: "string", default: fallback } as const;
}

/** `--seconds` (each measured phase, default 5) and `--connections` (the load's connections). */
export function loadOptions(connections: number, seconds = 5) {
  return { seconds: stringOption(String(seconds)), connections: stringOption(String(connections)) };
}

/** An HTTP bench's options: the server side's (--serve, --players) and the load's. */
export function httpBenchOptions(connections: number) {
  return { ...SERVE_OPTIONS, ...loadOptions(connections) };
}

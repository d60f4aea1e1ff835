/**
 * `./casino verify --crash-hash H --salt S --round N --terminal T [--crash-point 2.32]`: checks a
 * Supernova round from the command line with the same code as the browser: the hash links to the
 * published terminal in N SHA-256 steps, and HMAC-SHA256(hash, salt) gives the crash point.
 */
import { verifyChainLink } from "./chain.ts";
import { crashPointOf, formatCrashMultiplier } from "./crash-point.ts";

/** The printed lines of a crash check and whether everything given matched. */
export function checkCrashCli(flags: Map<string, string>): { ok: boolean; lines: string[] } {
  const hash = flags.get("crash-hash") ?? "";
  const salt = flags.get("salt");
  const round = Number(flags.get("round"));
  const terminal = flags.get("terminal");
  if (salt === undefined || terminal === undefined || !Number.isSafeInteger(round))
    throw new Error("--crash-hash needs --salt, --round and --terminal");
  const point = crashPointOf(hash, salt);
  const link = verifyChainLink(hash, round, terminal);
  const lines = [
    `crash point       ${formatCrashMultiplier(point)}`,
    `chain link        ${link.ok ? `yes: ${link.links} SHA-256 steps reach the terminal` : `NO: ${link.reason}`}`,
  ];
  let ok = link.ok;
  const claimed = flags.get("crash-point");
  if (claimed !== undefined) {
    const matches = Math.round(Number(claimed) * 100) === point;
    lines.push(`matches shown     ${matches ? "yes" : `NO (shown ${claimed}x)`}`);
    ok &&= matches;
  }
  return { ok, lines };
}

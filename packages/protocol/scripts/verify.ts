/**
 * `pnpm verify --server-seed S --client-seed C --nonce N --game dice --bet low`: replays one round
 * with the same verifyRound the browser and the server's auditor use, and prints the seed hash and
 * the outcome. `pnpm verify --poker-opening FILE` checks a poker hand's opened deck positions.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { readOrExit } from "../src/cli/command-line.ts";
import {
  readVerifyFlags,
  roundOfFlags,
  VERIFY_USAGE,
  type VerifyFlags,
} from "../src/games/cli/verify-args.ts";
import { checkCrashCli } from "../src/games/crash/verify-cli.ts";
import { verifyRound } from "../src/games/verify.ts";
import { formatUnits } from "../src/money/money.ts";
import { checkOpeningCli, POKER_VERIFY_USAGE } from "../src/poker/cli/verify-opening.ts";

/** Checks a poker hand's opened cards (`--poker-opening FILE`) and prints the check. */
function verifyPokerOpening(flags: VerifyFlags): void {
  const file = flags.get("poker-opening")!;
  const result = readOrExit(() => {
    // pnpm runs this in packages/protocol: a relative path is taken from where the command was typed.
    const path = file === "-" ? 0 : resolve(process.env.INIT_CWD ?? ".", file);
    return checkOpeningCli(JSON.parse(readFileSync(path, "utf8")), flags);
  }, POKER_VERIFY_USAGE);
  for (const line of result.lines) console.log(line);
  if (!result.ok) process.exitCode = 1;
}

function main(): void {
  const flags = readOrExit(() => readVerifyFlags(process.argv.slice(2)), VERIFY_USAGE);
  if (flags.has("poker-opening")) {
    verifyPokerOpening(flags);
    return;
  }
  if (flags.has("crash-hash")) {
    const result = readOrExit(() => checkCrashCli(flags), VERIFY_USAGE);
    for (const line of result.lines) console.log(line);
    if (!result.ok) process.exitCode = 1;
    return;
  }
  const round = readOrExit(() => roundOfFlags(flags), VERIFY_USAGE);
  const result = verifyRound(round);
  if (!result.ok) {
    console.error(`${result.error}: ${result.message}`);
    process.exitCode = 1;
    return;
  }
  console.log(`server seed hash  ${result.serverSeedHash}`);
  if (result.hashMatches !== null) console.log(`hash matches      ${result.hashMatches ? "yes" : "NO"}`);
  console.log(`game              ${result.game}`);
  console.log(`win               ${formatUnits(result.win)} (gross, in coins)`);
  console.log(`outcome           ${JSON.stringify(result.outcome, null, 2)}`);
  if (result.hashMatches === false) process.exitCode = 1;
}

main();

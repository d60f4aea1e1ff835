/**
 * `pnpm verify --server-seed S --client-seed C --nonce N --game dice --bet low`: replays one round
 * with the same verifyRound the browser and the server's auditor use, and prints the seed hash and
 * the outcome. `pnpm verify --poker-opening FILE` checks a poker hand's opened deck positions.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { readFlags } from "../src/games/cli/sim-args.ts";
import { parseVerifyArgs, VERIFY_USAGE } from "../src/games/cli/verify-args.ts";
import { verifyRound } from "../src/games/verify.ts";
import { formatUnits } from "../src/money/money.ts";
import { checkOpeningCli, POKER_VERIFY_USAGE } from "../src/poker/cli/verify-opening.ts";

function verifyPokerOpening(flags: Map<string, string>): void {
  const file = flags.get("poker-opening")!;
  let result: ReturnType<typeof checkOpeningCli>;
  try {
    // pnpm runs this in packages/protocol: a relative path is taken from where the command was typed.
    const path = file === "-" ? 0 : resolve(process.env.INIT_CWD ?? ".", file);
    result = checkOpeningCli(JSON.parse(readFileSync(path, "utf8")), flags);
  } catch (error) {
    console.error((error as Error).message);
    console.error(POKER_VERIFY_USAGE);
    process.exitCode = 2;
    return;
  }
  for (const line of result.lines) console.log(line);
  if (!result.ok) process.exitCode = 1;
}

function main(): void {
  const flags = readFlags(process.argv.slice(2));
  if (flags.has("poker-opening")) {
    verifyPokerOpening(flags);
    return;
  }
  let round: ReturnType<typeof parseVerifyArgs>;
  try {
    round = parseVerifyArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    console.error(VERIFY_USAGE);
    process.exitCode = 2;
    return;
  }
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

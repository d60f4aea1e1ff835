/**
 * `pnpm verify --server-seed S --client-seed C --nonce N --game dice --bet low`: replays one round
 * with the same verifyRound the browser and the server's auditor use, and prints the seed hash and
 * the outcome.
 */
import { parseVerifyArgs, VERIFY_USAGE } from "../src/games/cli/verify-args.ts";
import { verifyRound } from "../src/games/verify.ts";
import { formatUnits } from "../src/money/money.ts";

function main(): void {
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

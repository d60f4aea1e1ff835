/**
 * The database half of a dice bet without HTTP: bursts of concurrent bets through the round
 * service on a fresh SQLite database (group commit as the server runs them); prints the CPU time
 * per bet, so a change to the bet's statements can be measured in seconds.
 *
 *   node bench/bench-dice-steps.ts [--bets 20000] [--burst 32]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { coins, rollDice } from "@casino/protocol";
import { numberOption, readCommandLine } from "@casino/protocol/cli/command-line";
import { openDatabase } from "../src/db/connect.ts";
import { streamOf } from "../src/games/fair-stream.ts";
import { grant } from "../src/ledger/ledger.ts";
import { CASINO_MIGRATIONS } from "../src/migrations.ts";
import { playRound } from "../src/rounds/rounds.ts";

const { values: options } = readCommandLine({ bets: { type: "string" }, burst: { type: "string" } });
const values = {
  bets: numberOption(options.bets, "bets", 20_000, { whole: true }),
  burst: numberOption(options.burst, "burst", 32, { whole: true, min: 1 }),
};
const dir = mkdtempSync(join(tmpdir(), "casino-bench-steps-"));
const handle = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir: dir });
const players = Array.from({ length: values.burst }, (_, i) => `bench-player-${i}`);
for (const userId of players)
  await grant(handle, { userId, currency: "HC", amount: coins(1_000_000), reason: "new_user" });

/** One dice bet of a player. */
function bet(userId: string) {
  const stake = coins(1);
  return playRound(handle, {
    userId,
    gameType: "dice",
    currency: "HC",
    stake,
    input: { game: "dice", stake, betType: "low" },
    decide: (fair) => {
      const rolled = rollDice(stake, "low", streamOf(fair));
      return { win: rolled.win, outcome: rolled };
    },
  });
}

for (let round = 0; round < 2; round++) {
  const started = process.cpuUsage();
  const wall = performance.now();
  let done = 0;
  while (done < values.bets) {
    const results = await Promise.all(players.map(bet));
    if (results.some((r) => !r.ok)) throw new Error("a bet was refused");
    done += players.length;
  }
  const cpu = process.cpuUsage(started);
  const label = round === 0 ? "warm-up" : "measured";
  console.log(
    `${label}: ${done} bets, ${((cpu.user + cpu.system) / done).toFixed(1)} µs CPU per bet, ` +
      `${(((performance.now() - wall) * 1000) / done).toFixed(1)} µs wall per bet`,
  );
}
await handle.close();
rmSync(dir, { recursive: true, force: true });

/**
 * `pnpm sim <game> --rounds N [options]`: simulates a game with its real rule functions on seeded
 * fast floats (worker threads with --workers), shows progress on stderr and prints rounds, RTP with
 * its 95% confidence interval, hit rate and the exact RTP where it is known.
 */
import { Worker } from "node:worker_threads";
import { readOrExit } from "../src/cli/command-line.ts";
import { blackjackExactRtp } from "../src/games/blackjack/strategy.ts";
import { parseSimArgs, SIM_USAGE } from "../src/games/cli/sim-args.ts";
import { DICE_MULTIPLIERS, DICE_WIN_PROBABILITY } from "../src/games/dice/dice.ts";
import { HILO_RTP } from "../src/games/hilo/hilo.ts";
import { plinkoExactRtp } from "../src/games/plinko/plinko.ts";
import type { SimulationConfig } from "../src/games/sim/runners.ts";
import { createRtpStats, mergeRtpStats, type RtpStats, summariseRtp } from "../src/games/sim/stats.ts";
import { createProgress } from "./progress.ts";

/** The exact RTP of a configuration where it can be computed, else null. */
function exactRtp(config: SimulationConfig): number | null {
  if (config.game === "dice") return DICE_MULTIPLIERS[config.betType] * DICE_WIN_PROBABILITY[config.betType];
  if (config.game === "plinko") return plinkoExactRtp(config.risk);
  if (config.game === "blackjack" && config.strategy === "optimal") return blackjackExactRtp();
  if (config.game === "hilo") return HILO_RTP;
  return null;
}

/** Runs the rounds split over worker threads, with one progress bar for all. */
async function runWorkers(
  config: SimulationConfig,
  rounds: number,
  workers: number,
  seed: number,
): Promise<RtpStats> {
  const progress = createProgress(config.game, rounds);
  const done = new Array<number>(workers).fill(0);
  const shares = Array.from(
    { length: workers },
    (_, i) => Math.floor(rounds / workers) + (i < rounds % workers ? 1 : 0),
  );
  const results = await Promise.all(
    shares.map(
      (share, index) =>
        new Promise<RtpStats>((resolve, reject) => {
          const worker = new Worker(new URL("./sim-worker.ts", import.meta.url), {
            workerData: { config, rounds: share, seed: seed * 1000 + index },
          });
          worker.on(
            "message",
            (message: { type: "progress"; done: number } | { type: "done"; stats: RtpStats }) => {
              if (message.type === "progress") {
                done[index] = message.done;
                progress.update(done.reduce((a, b) => a + b, 0));
              } else resolve(message.stats);
            },
          );
          worker.on("error", reject);
          worker.on("exit", (code) => {
            if (code !== 0) reject(new Error(`worker ${index} exited with ${code}`));
          });
        }),
    ),
  );
  progress.finish();
  return results.reduce(mergeRtpStats, createRtpStats());
}

/** Percent with 3 decimals. */
function percent(value: number): string {
  return `${(value * 100).toFixed(3)}%`;
}

async function main(): Promise<void> {
  const { config, rounds, workers, seed } = readOrExit(() => parseSimArgs(process.argv.slice(2)), SIM_USAGE);
  const started = performance.now();
  const summary = summariseRtp(await runWorkers(config, rounds, workers, seed));
  const seconds = (performance.now() - started) / 1000;
  const exact = exactRtp(config);
  console.log(`config      ${JSON.stringify(config)}`);
  console.log(
    `rounds      ${summary.rounds.toLocaleString("en")} (seed ${seed}, ${workers} worker(s), ${seconds.toFixed(1)} s)`,
  );
  console.log(
    `RTP         ${percent(summary.rtp)} ± ${percent(summary.halfWidth95)} (95% CI ${percent(summary.rtp - summary.halfWidth95)} .. ${percent(summary.rtp + summary.halfWidth95)})`,
  );
  console.log(`hit rate    ${percent(summary.hitRate)}`);
  console.log(
    `std dev     ${summary.stdDev.toFixed(3)} bets per round; largest return ${summary.maxReturn.toFixed(2)} bets`,
  );
  if (exact !== null) console.log(`exact RTP   ${percent(exact)}`);
}

await main();

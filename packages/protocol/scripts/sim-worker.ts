/** A worker thread of `pnpm sim`: plays its share of rounds and posts progress and its sums. */
import { parentPort, workerData } from "node:worker_threads";
import { type SimulationConfig, simulateRounds } from "../src/games/sim/runners.ts";

const { config, rounds, seed } = workerData as { config: SimulationConfig; rounds: number; seed: number };
const stats = simulateRounds(config, rounds, seed, (done) =>
  parentPort?.postMessage({ type: "progress", done }),
);
parentPort?.postMessage({ type: "done", stats });

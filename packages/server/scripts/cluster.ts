/**
 * Runs N casino processes on one machine: `pnpm cluster -- --processes 3 [--port 2567]
 * [--public-address "127.0.0.1:{port}"] [--node-prefix web1] [--internal-host 10.0.0.5]`.
 * Every process gets REDIS_URL and DATABASE_URL from the environment, a consecutive port, its own
 * PUBLIC_ADDRESS, INTERNAL_URL and CASINO_NODE_ID. A process that dies is started again (1 s, then
 * doubling to 30 s while it keeps dying); SIGINT/SIGTERM are passed on and the launcher exits once
 * every process has stopped (a second signal kills them). Put a reverse proxy in front (docs/SCALE.md).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import {
  type ClusterSlot,
  planCluster,
  readClusterArgs,
  restartDelayMs,
  STABLE_AFTER_MS,
} from "../src/scale/cluster-plan.ts";

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));

const options = readClusterArgs(process.argv.slice(2), process.env);
if ("error" in options) {
  console.error(`cluster: ${options.error}`);
  process.exit(2);
}
const plan = planCluster(options, process.env);
if (!plan.ok) {
  console.error(`cluster: ${plan.error}`);
  process.exit(2);
}

/** A slot's process and its crash history. */
interface Running {
  slot: ClusterSlot;
  child?: ChildProcess;
  crashes: number;
  startedAt: number;
  restart?: NodeJS.Timeout;
}

let stopping = false;
const running: Running[] = plan.slots.map((slot) => ({ slot, crashes: 0, startedAt: 0 }));

/** Prints a process's output, each line tagged with the process's number. */
function relayOutput(entry: Running, child: ChildProcess) {
  for (const stream of [child.stdout, child.stderr]) {
    if (stream)
      createInterface({ input: stream }).on("line", (line) => console.log(`[${entry.slot.index}] ${line}`));
  }
}

/** Prints where a process listens once its /readyz answers 200: database, migrations and Redis ready. */
async function announceWhenListening(entry: Running, child: ChildProcess) {
  const url = `http://127.0.0.1:${entry.slot.port}`;
  while (entry.child === child && !stopping) {
    const answered = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (answered) {
      console.log(
        `cluster: process ${entry.slot.index} (pid ${child.pid}, node ${entry.slot.env.CASINO_NODE_ID}) listens on ${url}, rooms at ${entry.slot.env.PUBLIC_ADDRESS}`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts (or restarts) one slot's process. */
function start(entry: Running) {
  entry.startedAt = Date.now();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...entry.slot.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  entry.child = child;
  relayOutput(entry, child);
  void announceWhenListening(entry, child);
  child.once("exit", (code, signal) => {
    entry.child = undefined;
    if (stopping) return maybeExit();
    entry.crashes = Date.now() - entry.startedAt > STABLE_AFTER_MS ? 1 : entry.crashes + 1;
    const delay = restartDelayMs(entry.crashes);
    console.error(
      `cluster: process ${entry.slot.index} exited (${signal ?? `code ${code}`}); restarting in ${delay / 1000} s`,
    );
    entry.restart = setTimeout(() => start(entry), delay);
  });
}

/** Exits once every process has stopped. */
function maybeExit() {
  if (running.every((entry) => entry.child === undefined)) {
    console.log("cluster: every process stopped");
    process.exit(0);
  }
}

/** Passes the signal on; a second one kills what is left. */
function stop(signal: NodeJS.Signals) {
  if (stopping) {
    for (const entry of running) entry.child?.kill("SIGKILL");
    return;
  }
  stopping = true;
  console.log(`cluster: ${signal}: stopping ${running.length} processes`);
  for (const entry of running) {
    clearTimeout(entry.restart);
    entry.child?.kill(signal);
  }
  maybeExit();
}

process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
console.log(
  `cluster: starting ${running.length} processes on ports ${options.basePort}-${options.basePort + running.length - 1}`,
);
for (const entry of running) start(entry);

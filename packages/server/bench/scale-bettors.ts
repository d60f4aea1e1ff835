/**
 * The single-player bettors of `pnpm loadtest:scale` in a process of their own: the poker clients'
 * process decodes every table's state patches and its event loop lags tens of milliseconds behind,
 * which a bet's round trip measured there would include. Started by startBettorProcess with its
 * options in SCALE_BETTORS (JSON); it answers over the IPC channel: ready, then its measurements.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type BetStats, startBettor } from "./dice-bettors.ts";
import { type EventLoopLag, measureEventLoopLag } from "./machine-stats.ts";
import { createLoadStats, inBatches } from "./poker-load-clients.ts";

const SELF = fileURLToPath(import.meta.url);

/** What the bettor process is told. */
interface BettorOptions {
  /** Bettor j connects through apiUrls[j % n] and joins its room through roomUrls[j % n]. */
  apiUrls: string[];
  roomUrls: string[];
  count: number;
  betIntervalMs: number;
}

/** What the bettors measured while asked to. */
export interface BettorMeasurement {
  bets: number;
  latencies: number[];
  errorKinds: Record<string, number>;
  lag: EventLoopLag;
}

type ToChild = { type: "measure" } | { type: "finish" } | { type: "stop" };
type FromChild = { type: "ready"; count: number } | ({ type: "measured" } & BettorMeasurement);

/** Runs in the child: starts the bettors, measures on request, stops on request. */
async function serve(options: BettorOptions): Promise<void> {
  const send = (message: FromChild) => process.send?.(message);
  const betStats: BetStats = { latencies: [], bets: 0, measuring: false };
  const errors = createLoadStats();
  const bettors: { stop(): Promise<void> }[] = [];
  await inBatches(
    Array.from({ length: options.count }, (_, j) => j),
    25,
    async (j) => {
      const at = (urls: string[]) => urls[j % urls.length] as string;
      bettors.push(
        await startBettor(at(options.apiUrls), at(options.roomUrls), options.betIntervalMs, betStats, errors),
      );
    },
  );
  let lag: ReturnType<typeof measureEventLoopLag> | undefined;
  process.on("message", (message: ToChild) => {
    if (message.type === "measure") {
      lag = measureEventLoopLag();
      betStats.measuring = true;
    } else if (message.type === "finish") {
      betStats.measuring = false;
      send({
        type: "measured",
        bets: betStats.bets,
        latencies: betStats.latencies,
        errorKinds: Object.fromEntries(errors.errorKinds),
        lag: lag?.stop() ?? { p50: 0, p99: 0 },
      });
    } else if (message.type === "stop") {
      void Promise.all(bettors.map((b) => b.stop())).then(() => process.exit(0));
    }
  });
  // The load test is gone (it failed or was stopped): so are its bettors.
  process.once("disconnect", () => process.exit(0));
  send({ type: "ready", count: bettors.length });
}

if (process.env.SCALE_BETTORS) await serve(JSON.parse(process.env.SCALE_BETTORS) as BettorOptions);

/** The bettor process as the load test drives it. */
export interface BettorProcess {
  pid: number;
  count: number;
  /** Starts counting bets and their round trips. */
  measure(): void;
  /** Stops counting and returns what was counted. */
  finish(): Promise<BettorMeasurement>;
  /** Stops the bettors and waits for the process to exit. */
  stop(): Promise<void>;
}

/** Starts the bettors in a child process and resolves once every one is betting. */
export function startBettorProcess(options: BettorOptions): Promise<BettorProcess> {
  const child: ChildProcess = fork(SELF, [], {
    env: { ...process.env, SCALE_BETTORS: JSON.stringify(options) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const next = (type: FromChild["type"]) =>
    new Promise<FromChild>((resolve, reject) => {
      const onExit = () => reject(new Error("the bettor process exited"));
      child.once("exit", onExit);
      const onMessage = (message: FromChild) => {
        if (message.type !== type) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(message);
      };
      child.on("message", onMessage);
    });
  return next("ready").then((ready) => ({
    pid: child.pid as number,
    count: ready.type === "ready" ? ready.count : 0,
    measure: () => child.send({ type: "measure" } satisfies ToChild),
    async finish() {
      const measured = next("measured");
      child.send({ type: "finish" } satisfies ToChild);
      const { type: _, ...measurement } = (await measured) as { type: "measured" } & BettorMeasurement;
      return measurement;
    },
    async stop() {
      child.send({ type: "stop" } satisfies ToChild);
      await exited;
    },
  }));
}

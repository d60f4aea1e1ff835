/** Starts bench/poker-server.ts as a child process (crash test, load test) and waits until it listens. */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { PokerOptions } from "./settings.ts";
import type { TournamentOptions } from "./tournament/service.ts";

/** The script the child runs. */
export const POKER_SERVER_SCRIPT = fileURLToPath(new URL("../../bench/poker-server.ts", import.meta.url));

/** A casino running in a child process. */
export interface ChildCasino {
  url: string;
  process: ChildProcess;
  /** Stops it with SIGTERM (clean close) and waits for the exit. */
  stop(): Promise<number | null>;
  /** Kills it with SIGKILL (a crash) and waits for the exit. */
  kill(): Promise<void>;
}

/** What the child script reads from POKER_SERVER_OPTIONS: one shape for both ends of the pipe. */
export interface PokerServerOptions {
  dataDir: string;
  /** PostgreSQL instead of the SQLite file under dataDir (several children may share one schema). */
  databaseUrl?: string;
  pgSchema?: string;
  port?: number;
  poker?: PokerOptions;
  /** Sit & Go overrides (fast levels, no bot wait) for the tournament crash test. */
  tournaments?: TournamentOptions;
  logLevel?: string;
  /** Print heap and resident memory to stderr this often (ms). */
  memoryLogMs?: number;
  /** Where SIGUSR2 .. SIGTERM's CPU profile is written (a .cpuprofile file). */
  profileFile?: string;
}

/** Spawns the casino over a data folder and resolves once it prints its URL. */
export function startChildCasino(
  options: PokerServerOptions & {
    /** Node flags of the child (heap limits for a load test). */
    nodeArgs?: string[];
  },
): Promise<ChildCasino> {
  const { nodeArgs = [], ...serverOptions } = options;
  const child = spawn(process.execPath, [...nodeArgs, POKER_SERVER_SCRIPT], {
    env: { ...process.env, POKER_SERVER_OPTIONS: JSON.stringify(serverOptions) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("the child casino did not start in time"));
    }, 30_000);
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the child casino exited with ${code} before listening`));
    };
    child.once("exit", early);
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split("\n").find((l) => l.startsWith('{"ready":true'));
      if (!line) return;
      clearTimeout(timer);
      child.off("exit", early);
      const { url } = JSON.parse(line) as { url: string };
      resolve({
        url,
        process: child,
        stop: async () => {
          child.kill("SIGTERM");
          return exited;
        },
        kill: async () => {
          child.kill("SIGKILL");
          await exited;
        },
      });
    });
  });
}

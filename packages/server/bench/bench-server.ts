/**
 * The two halves of an HTTP bench (capacity.ts, games-http.ts): the bench forks its own file with
 * `--serve DIR --players N` to run the casino in a child process (so the load generator has its
 * own core), the child signs up funded players and says "ready", and the bench asks it for figures
 * over the IPC channel while autocannon drives the load.
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { coins } from "@casino/protocol";
import { type StartCasinoOptions, startCasino } from "../src/app.ts";
import type { RateLimitSettings } from "../src/config.ts";
import type { DatabaseHandle } from "../src/db/connect.ts";
import { grant } from "../src/ledger/ledger.ts";

/** Budgets so high that nothing is refused: the bench measures the process, not the limiter. */
export const UNLIMITED: RateLimitSettings = {
  sessionPerSecond: 1e9,
  sessionBurst: 1e9,
  addressPerSecond: 1e9,
  addressBurst: 1e9,
  identityPerMinute: 1e9,
  identityBurst: 1e9,
  identityGlobalPerSecond: 1e9,
  identityGlobalBurst: 1e9,
  roomCreatePerMinute: 1e9,
  roomCreateBurst: 1e9,
  roomJoinPerSecond: 1e9,
  roomJoinBurst: 1e9,
  faucetPerHour: 1e9,
  faucetBurst: 1e9,
  faucetGlobalPerHour: 1e9,
  faucetGlobalBurst: 1e9,
};

/** The server-side options every HTTP bench's command line carries besides its own. */
export const SERVE_OPTIONS = {
  serve: { type: "string" },
  players: { type: "string", default: "32" },
} as const;

/** Starts a casino for a bench's server side: on `dataDir`, no client, silent, nothing rate-limited unless `options` say. */
export function startBenchCasino(dataDir: string, options: Partial<StartCasinoOptions> = {}) {
  return startCasino({
    port: 0,
    dataDir,
    clientDist: join(dataDir, "no-client"),
    logLevel: "silent",
    rateLimit: UNLIMITED,
    ...options,
  });
}

/** Signs up `count` demo players, each with 10,000,000 HC, and returns their session tokens. */
export async function signUpFundedPlayers(
  casino: { url: string; handle: DatabaseHandle },
  count: number,
): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const address = `DEMO${randomBytes(9).toString("hex").toUpperCase().slice(0, 9)}`;
    const answer = await fetch(`${casino.url}/api/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ walletAddress: address }),
    });
    const user = (await answer.json()) as { id: string };
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("casino_session="));
    tokens.push(cookie?.split(";")[0]?.split("=")[1] ?? "");
    await grant(casino.handle, {
      userId: user.id,
      currency: "HC",
      amount: coins(10_000_000),
      reason: "adjustment",
    });
  }
  return tokens;
}

/** Forks `script` as the bench's server side and waits for its "ready" message. */
export async function forkBenchServer<Ready extends { kind: "ready" }>(
  script: string,
  dataDir: string,
  players: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ server: ChildProcess; ready: Ready }> {
  const server = fork(script, ["--serve", dataDir, "--players", String(players)], { stdio: "inherit", env });
  const ready = await new Promise<Ready>((resolve, reject) => {
    // Colyseus itself sends "ready" to a parent process (for PM2): wait for our own message.
    server.on("message", (message: Ready | string) => {
      if (typeof message === "object" && message.kind === "ready") resolve(message);
    });
    server.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { server, ready };
}

/**
 * Forks `script` as the bench's server side on a fresh temporary folder named after `folderPrefix`,
 * runs `measure` against it, then stops the server and removes the folder.
 */
export async function withBenchServer<Ready extends { kind: "ready" }, Result>(
  script: string,
  folderPrefix: string,
  players: number,
  env: NodeJS.ProcessEnv,
  measure: (server: ChildProcess, ready: Ready) => Promise<Result>,
): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), folderPrefix));
  const { server, ready } = await forkBenchServer<Ready>(script, dataDir, players, env);
  try {
    return await measure(server, ready);
  } finally {
    await stopBenchServer(server, dataDir);
  }
}

/** Sends the server process `{ kind: ask }` and resolves its first answer of kind `answer`. */
export function askBenchServer<Answer extends { kind: string }>(
  server: ChildProcess,
  ask: string,
  answer: Answer["kind"],
): Promise<Answer> {
  return new Promise((resolve) => {
    const onMessage = (message: Answer | string) => {
      if (typeof message !== "object" || message.kind !== answer) return;
      server.off("message", onMessage);
      resolve(message);
    };
    server.on("message", onMessage);
    server.send({ kind: ask });
  });
}

/** Stops the server process and removes its data folder. */
export async function stopBenchServer(server: ChildProcess, dataDir: string): Promise<void> {
  server.send({ kind: "stop" });
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

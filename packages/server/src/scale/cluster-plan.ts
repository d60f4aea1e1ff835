/**
 * What `pnpm cluster -- --processes N` starts: N casino processes on consecutive ports, each with
 * its own node id (its poker leases), public address (where browsers reach its rooms) and internal
 * URL (where the other processes hand it its tables' calls), all on the REDIS_URL and DATABASE_URL
 * of the environment. Pure, so the launcher's decisions are tested without starting anything.
 */
import { hostname } from "node:os";
import { readCommandLine } from "@casino/protocol/cli/command-line";

/** The launcher's options. */
export interface ClusterOptions {
  processes: number;
  basePort: number;
  /** Public address of process n: "{port}" and "{n}" are replaced (default "127.0.0.1:{port}"). */
  publicAddress: string;
  /** Prefix of the node ids: "<prefix>-<n>" (default: the host name). */
  nodePrefix: string;
  /** Host the other machines reach this one on (default 127.0.0.1: one machine). */
  internalHost: string;
}

/** One process to run. */
export interface ClusterSlot {
  index: number;
  port: number;
  env: Record<string, string>;
}

/** Why the launcher refuses to start. */
export type ClusterPlanResult = { ok: true; slots: ClusterSlot[] } | { ok: false; error: string };

/** The launcher's command-line options. */
const CLUSTER_OPTIONS = {
  processes: { type: "string" },
  port: { type: "string" },
  "public-address": { type: "string" },
  "node-prefix": { type: "string" },
  "internal-host": { type: "string" },
} as const;

/** Reads `--processes`, `--port`, `--public-address`, `--node-prefix`, `--internal-host` (`--` is ignored). */
export function readClusterArgs(
  argv: string[],
  env: Record<string, string | undefined>,
): ClusterOptions | { error: string } {
  let values: ReturnType<typeof readCommandLine<typeof CLUSTER_OPTIONS>>["values"];
  try {
    values = readCommandLine(CLUSTER_OPTIONS, argv).values;
  } catch (error) {
    const unknown = /Unknown option '([^']+)'/.exec((error as Error).message);
    return { error: unknown ? `unknown option ${unknown[1]}` : (error as Error).message };
  }
  const value = (name: keyof typeof CLUSTER_OPTIONS) => values[name];
  const processes = Number(value("processes") ?? 3);
  const basePort = Number(value("port") ?? env.PORT ?? 2567);
  if (!Number.isInteger(processes) || processes < 1 || processes > 64)
    return { error: "--processes must be a whole number from 1 to 64" };
  if (!Number.isInteger(basePort) || basePort < 1 || basePort + processes - 1 > 65_535)
    return { error: "--port must leave room for every process below 65536" };
  return {
    processes,
    basePort,
    publicAddress: value("public-address") ?? "127.0.0.1:{port}",
    nodePrefix: value("node-prefix") ?? hostname(),
    internalHost: value("internal-host") ?? "127.0.0.1",
  };
}

/** The processes to start, or why not: several processes need PostgreSQL and Redis to share. */
export function planCluster(
  options: ClusterOptions,
  env: Record<string, string | undefined>,
): ClusterPlanResult {
  if (options.processes > 1 && (!env.DATABASE_URL || !env.REDIS_URL))
    return {
      ok: false,
      error:
        "several processes share their state through PostgreSQL and Redis: set DATABASE_URL=postgres://... and REDIS_URL=redis://...",
    };
  const slots = Array.from({ length: options.processes }, (_, i) => {
    const index = i + 1;
    const port = options.basePort + i;
    const publicAddress = options.publicAddress
      .replaceAll("{port}", String(port))
      .replaceAll("{n}", String(index));
    return {
      index,
      port,
      env: {
        PORT: String(port),
        PUBLIC_ADDRESS: publicAddress,
        INTERNAL_URL: `http://${options.internalHost}:${port}`,
        CASINO_NODE_ID: `${options.nodePrefix}-${index}`,
      },
    };
  });
  return { ok: true, slots };
}

/** Delay before restarting a process that crashed `crashes` times in a row: 1 s doubling to 30 s. */
export function restartDelayMs(crashes: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, crashes - 1));
}

/** A process that ran this long before crashing starts its count of crashes afresh. */
export const STABLE_AFTER_MS = 60_000;

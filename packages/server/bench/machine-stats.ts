/**
 * What the machine did during a load test (Linux /proc): CPU time per process and per program, and
 * a wait for a quiet machine, since on a shared 2-core machine other work skews every figure.
 */
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";

/** CPU seconds a process has used (user + system; 100 ticks per second). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds used by every process running this program (redis-server, postgres). */
export function cpuSecondsOf(command: string): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === command) total += cpuSeconds(Number(entry));
    } catch {
      // The process is gone.
    }
  }
  return total;
}

/** Waits (up to 10 minutes) until the 1-minute load average is below `limit`; 0 does not wait. */
export async function waitForQuietMachine(limit: number): Promise<void> {
  if (limit <= 0) return;
  const deadline = Date.now() + 10 * 60_000;
  while ((loadavg()[0] ?? 0) >= limit && Date.now() < deadline) {
    process.stdout.write(
      `\rwaiting for a quiet machine: load ${(loadavg()[0] ?? 0).toFixed(1)} >= ${limit}   `,
    );
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

/** CPU seconds the whole machine has been busy, over all cores (/proc/stat: user, nice, system, irq, softirq, steal). */
export function machineBusySeconds(): number {
  try {
    const first = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const f = first.trim().split(/\s+/).slice(1).map(Number);
    return ((f[0] ?? 0) + (f[1] ?? 0) + (f[2] ?? 0) + (f[5] ?? 0) + (f[6] ?? 0) + (f[7] ?? 0)) / 100;
  } catch {
    return 0;
  }
}

/** How late this process's event loop ran its timers, in milliseconds. */
export interface EventLoopLag {
  p50: number;
  p99: number;
}

/** Starts measuring this process's event-loop delay; `stop` returns its percentiles. */
export function measureEventLoopLag(): { stop(): EventLoopLag } {
  const resolutionMs = 5;
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  // The histogram holds the time between the sampling timer's runs: what passes the resolution is lag.
  const lagAt = (p: number) => Math.max(0, histogram.percentile(p) / 1e6 - resolutionMs);
  return {
    stop() {
      histogram.disable();
      return { p50: lagAt(50), p99: lagAt(99) };
    },
  };
}

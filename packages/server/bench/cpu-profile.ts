/**
 * Reads a V8 .cpuprofile (the load test's `--profile`) and lists the functions that took the most
 * self time: where the server's CPU went, without opening DevTools.
 */

import { readFileSync } from "node:fs";
import { numberOption, readCommandLine, readOrExit } from "@casino/protocol/cli/command-line";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** One function's share of the profile. */
export interface SelfTime {
  name: string;
  /** Milliseconds of self time. */
  ms: number;
  /** Share of the busy (not idle) samples, 0..1. */
  share: number;
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url
    ? url.replace(/^file:\/\//, "").replace(/^.*\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, "")
    : "";
  const short = file.replace(/^.*\/packages\//, "");
  return `${functionName || "(anonymous)"}${short ? ` ${short}:${lineNumber + 1}` : ""}`;
}

/** Self time per function (same name and place summed), largest first; idle time left out. */
export function topSelfTime(file: string, limit = 20): SelfTime[] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    // Idle samples are time the process was waiting, not CPU it used.
    if (!node || node.callFrame.functionName === "(idle)") return;
    const name = label(node);
    totals.set(name, (totals.get(name) ?? 0) + dt);
    all += dt;
  });
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, us]) => ({ name, ms: us / 1000, share: all > 0 ? us / all : 0 }));
}

if (import.meta.main) {
  const [file, limit] = readOrExit(() => {
    const { positionals } = readCommandLine({});
    if (positionals.length < 1 || positionals.length > 2) throw new Error("a profile file, then a row count");
    return [positionals[0]!, numberOption(positionals[1], "limit", 25, { min: 1, whole: true })] as const;
  }, "usage: node bench/cpu-profile.ts <file.cpuprofile> [limit]");
  for (const row of topSelfTime(file, limit))
    console.log(
      `${(100 * row.share).toFixed(1).padStart(5)}%  ${row.ms.toFixed(0).padStart(7)} ms  ${row.name}`,
    );
}

/** Starts profiling this process's CPU when `file` is given; stop() writes the profile there. */
export async function startCpuProfile(
  file: string | undefined,
): Promise<{ stop(): Promise<void> } | undefined> {
  if (!file) return undefined;
  const { Session } = await import("node:inspector/promises");
  const { writeFileSync } = await import("node:fs");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stop() {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}

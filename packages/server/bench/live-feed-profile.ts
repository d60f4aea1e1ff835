/**
 * What the live feed costs the server, read from a V8 CPU profile of it (bench/live-feed.ts
 * `--profile`): the time of every sample with a function of src/floor/feed/ on its stack (the
 * flush, the frames and the sends they make), against the profile's length. Unlike comparing runs
 * with and without subscribers, this does not move with whatever else the machine runs.
 */
import { readFileSync } from "node:fs";
import type { Profiler } from "node:inspector";

/** The feed's share of a profiled server. */
export interface FeedShare {
  /** Milliseconds of samples inside the feed's code (its callees included). */
  feedMs: number;
  /** Milliseconds the process was busy (not idle). */
  busyMs: number;
  /** Milliseconds the profile lasted. */
  wallMs: number;
}

/** The samples spent inside functions whose file path contains `marker` (default: the feed's folder). */
export function feedShareOf(file: string, marker = "/floor/feed/"): FeedShare {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profiler.Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inFeed = new Map<number, boolean>();
  const isInFeed = (id: number): boolean => {
    const known = inFeed.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const up = parent.get(id);
    const found = (node?.callFrame.url.includes(marker) ?? false) || (up !== undefined && isInFeed(up));
    inFeed.set(id, found);
    return found;
  };
  let feedUs = 0;
  let busyUs = 0;
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const dt = deltas[i] ?? 0;
    if (byId.get(id)?.callFrame.functionName === "(idle)") return;
    busyUs += dt;
    if (isInFeed(id)) feedUs += dt;
  });
  return {
    feedMs: feedUs / 1000,
    busyMs: busyUs / 1000,
    wallMs: (profile.endTime - profile.startTime) / 1000,
  };
}

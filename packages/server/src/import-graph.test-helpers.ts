/** The server's import graph as the architecture test reads it, and the circles in it. */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { listSources } from "./source-files.test-helpers.ts";

/** One relative import of one production file, by path from the source root. */
export interface Arrow {
  from: string;
  to: string;
  /** The top folder (or root file) on each side: "poker" for poker/tournament/store.ts. */
  fromPart: string;
  toPart: string;
  /** `import("...")`, evaluated later and never part of a load-order circle. */
  dynamic: boolean;
}

/** The top folder of a path, or the file itself at the root. */
export function partOf(path: string): string {
  return path.split("/")[0] ?? path;
}

/** One arrow between two paths. */
export function arrow(from: string, to: string, dynamic = false): Arrow {
  return { from, to, fromPart: partOf(from), toPart: partOf(to), dynamic };
}

/**
 * The relative imports of every production file under `root`: static imports and re-exports
 * (`import type` included), side-effect imports and dynamic imports of a literal path.
 */
export function readImportGraph(root: string): Arrow[] {
  const arrows: Arrow[] = [];
  const pattern = /(?:\bfrom\s+|\bimport\s+|\b(import)\s*\(\s*)"(\.{1,2}\/[^"]+)"/g;
  for (const from of listSources(root)) {
    const text = withoutComments(readFileSync(join(root, from), "utf8"));
    for (const match of text.matchAll(pattern)) {
      const to = relative(root, resolve(root, dirname(from), match[2] as string));
      if (!to.startsWith("..")) arrows.push(arrow(from, to, match[1] !== undefined));
    }
  }
  return arrows;
}

/** The source without its block comments and whole-line comments (an import quoted in a doc is no arrow). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

/**
 * The circles of the static arrows, one per group of files that reach each other (a strongly
 * connected component, Tarjan's algorithm), each shown as one path back to its start:
 * ["a.ts", "b.ts", "a.ts"], ordered by that file.
 */
export function findCircles(arrows: readonly Arrow[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to, dynamic } of arrows) {
    if (!dynamic) next.set(from, [...(next.get(from) ?? []), to]);
  }
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    low.set(file, order.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!order.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file) as number, order.get(to) as number));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || next.get(file)?.includes(file)) groups.push(group);
  };
  for (const file of [...next.keys()].sort()) if (!order.has(file)) visit(file);
  return groups
    .map((group) => pathAround(group, next))
    .sort((x, y) => ((x[0] as string) < (y[0] as string) ? -1 : 1));
}

/** A shortest path from the group's first file (by name) back to itself, inside the group. */
function pathAround(group: string[], next: Map<string, string[]>): string[] {
  const inGroup = new Set(group);
  const start = [...group].sort()[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const file of queue) {
    for (const to of next.get(file) ?? []) {
      if (to === start) {
        const path: string[] = [];
        for (let at: string | undefined = file; at !== undefined && at !== start; at = cameFrom.get(at))
          path.unshift(at);
        return [start, ...path, start];
      }
      if (inGroup.has(to) && !cameFrom.has(to)) {
        cameFrom.set(to, file);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

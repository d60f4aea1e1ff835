/**
 * One chunk for the app's start: every module that src/app/startApp.tsx reaches by static imports
 * (and the page's entry does not) goes into a single "app" chunk. Left to itself the bundler splits
 * that code into about thirty small chunks, shared in different ways with the screens loaded on
 * demand; on a phone each chunk costs its own task and its own preload link before React can start.
 */
import { fileURLToPath } from "node:url";
import type { Rollup } from "vite";

/** Our packages' index files: they re-export every module of a package, most of which the start does not use. */
const BARREL = /[\\/]packages[\\/][^\\/]+[\\/]src[\\/]index\.ts$/;

type ModuleInfoOf = (id: string) => Rollup.ModuleInfo | null;

const ENTRY = fileURLToPath(new URL("../src/main.tsx", import.meta.url));
const START = fileURLToPath(new URL("../src/app/startApp.tsx", import.meta.url));

/** Every module that `from` reaches by static imports, itself included. */
function staticClosure(from: string, infoOf: ModuleInfoOf): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    if (BARREL.test(id)) continue;
    for (const next of infoOf(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}

/** The group's name function: "app" for a module of the app's start, null for any other. */
function startChunkName(): (id: string, ctx: { getModuleInfo: ModuleInfoOf }) => string | null {
  let start: Set<string> | undefined;
  return (id, ctx) => {
    if (!start) {
      const infoOf: ModuleInfoOf = (module) => ctx.getModuleInfo(module);
      const entry = staticClosure(ENTRY, infoOf);
      start = new Set([...staticClosure(START, infoOf)].filter((module) => !entry.has(module)));
      // startApp.tsx keeps a chunk of its own, which the prerender finds its stylesheets by.
      start.delete(START);
    }
    return start.has(id) ? "app" : null;
  };
}

/**
 * The build's chunk groups: the app's start in one chunk, and vite's preload helper, which the entry
 * and the start both use, in a tiny one of its own (in the start's chunk, the entry would import it).
 */
export function startChunkGroups() {
  return [
    { name: "preload", test: /^\0vite\/preload-helper/, priority: 1 },
    { name: startChunkName(), debugName: "app" },
  ];
}

/**
 * Invariant: imports inside packages/server/src only run downwards. Adapters (http/, rooms/,
 * scale/, app.ts and main.ts) sit on top of the domain (ledger/, rounds/, store/, games/, poker/,
 * users/, db/, chain/, auth/, security/, fairness/); the rooms are a transport of their own and import
 * neither the REST adapter (http/) nor scale-out (scale/); the operator side and app.ts do not
 * import each other (app-services.ts composes them). Test files and their helpers may start a whole
 * casino and are not checked.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { listSources, SOURCE_ROOT } from "./source-files.test-helpers.ts";

/** Folders (and root files) of the domain: they must not know who calls them. */
const DOMAIN = [
  "ledger",
  "rounds",
  "store",
  "games",
  "poker",
  "users",
  "db",
  "chain",
  "auth",
  "security",
  "fairness",
];
/** Adapters and the process start: nothing below imports them. */
const ADAPTERS = ["http", "rooms", "scale", "app.ts", "main.ts"];

/** One import of one source file, by the part (top folder or root file) on each side. */
interface Arrow {
  from: string;
  to: string;
  fromPart: string;
  toPart: string;
}

/** The top folder of a path, or the file itself at the root. */
function partOf(path: string): string {
  return path.split("/")[0] ?? path;
}

/** The relative imports (static, re-exports and dynamic) of every production file. */
function readImportGraph(root: string): Arrow[] {
  const arrows: Arrow[] = [];
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)"(\.{1,2}\/[^"]+)"/g;
  for (const from of listSources(root)) {
    const text = readFileSync(join(root, from), "utf8");
    for (const match of text.matchAll(pattern)) {
      const to = relative(root, resolve(root, dirname(from), match[1] as string));
      if (to.startsWith("..")) continue;
      arrows.push({ from, to, fromPart: partOf(from), toPart: partOf(to) });
    }
  }
  return arrows;
}

/** Whether an arrow runs back up: domain into an adapter, rooms into http/ or scale/, operator/ and app.ts. */
function isUpward(arrow: Arrow): boolean {
  const { fromPart, toPart } = arrow;
  if (DOMAIN.includes(fromPart) && ADAPTERS.includes(toPart)) return true;
  if (fromPart === "rooms" && (toPart === "http" || toPart === "scale")) return true;
  const operatorAndApp = new Set([fromPart, toPart]);
  return operatorAndApp.has("operator") && operatorAndApp.has("app.ts");
}

describe("server import graph", () => {
  const arrows = readImportGraph(SOURCE_ROOT);

  it("reads the source files' imports", () => {
    expect(arrows.length).toBeGreaterThan(200);
    expect(arrows.some((a) => a.from === "app.ts" && a.to === "app-services.ts")).toBe(true);
    expect(isUpward({ from: "games/x.ts", to: "http/y.ts", fromPart: "games", toPart: "http" })).toBe(true);
  });

  it("has no arrow running back up (domain to adapters, rooms to http/ or scale/, operator/ and app.ts)", () => {
    const upward = arrows.filter(isUpward).map((a) => `${a.from} -> ${a.to}`);
    expect(upward).toEqual([]);
  });
});

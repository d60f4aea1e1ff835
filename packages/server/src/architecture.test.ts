/**
 * Invariant: imports inside packages/server/src only run downwards and never in a circle.
 *
 * Every top folder and root file is domain unless ADAPTERS names it, so a new folder is checked
 * without editing this test. The adapters are the transports (http/, rooms/), scale-out (scale/)
 * and the composition roots that wire the casino together (app.ts, app-services.ts, main.ts,
 * migrations.ts); the domain never imports them. Besides: the rooms import neither the REST adapter
 * nor scale-out, operator/ and app.ts do not import each other (app-services.ts composes them), and
 * db/ is the floor, importing nothing else of the server (each domain exports its own migrations;
 * migrations.ts composes them above).
 *
 * Circles count `import type` too: a type-only circle is harmless when the code loads, but the two
 * files still cannot be read, moved or tested one without the other. Dynamic imports are left out of
 * circles (they load after both files). Test files and their helpers may start a whole casino and
 * are not checked.
 */
import { describe, expect, it } from "vitest";
import { type Arrow, arrow, findCircles, readImportGraph } from "./import-graph.test-helpers.ts";
import { SOURCE_ROOT } from "./source-files.test-helpers.ts";

/** Adapters and composition roots: nothing in the domain imports them. Everything else is domain. */
const ADAPTERS = new Set(["http", "rooms", "scale", "app.ts", "app-services.ts", "main.ts", "migrations.ts"]);

/** An arrow as the lists above name it. */
function nameOf(a: Arrow): string {
  return `${a.from} -> ${a.to}`;
}

/** Whether a part (top folder or root file) is an adapter; anything not named is domain. */
function isAdapter(part: string): boolean {
  return ADAPTERS.has(part);
}

/** Whether an arrow runs back up: see the rules at the top of this file. */
function isUpward(a: Arrow): boolean {
  const { fromPart, toPart } = a;
  if (!isAdapter(fromPart) && isAdapter(toPart)) return true;
  if (fromPart === "rooms" && (toPart === "http" || toPart === "scale")) return true;
  if (fromPart === "db" && toPart !== "db") return true;
  const operatorAndApp = new Set([fromPart, toPart]);
  return operatorAndApp.has("operator") && operatorAndApp.has("app.ts");
}

describe("server import graph", () => {
  const arrows = readImportGraph(SOURCE_ROOT);
  const names = new Set(arrows.map(nameOf));

  it("reads the source files' imports, type-only and multi-line ones included", () => {
    expect(arrows.length).toBeGreaterThan(200);
    expect(names.has("app.ts -> app-services.ts")).toBe(true);
    expect(names.has("rooms/bootstrap.ts -> app-services.ts")).toBe(true);
    expect(names.has("poker/orchestrator.ts -> poker/turn-timers.ts")).toBe(true);
  });

  it("checks every folder it is not told is an adapter as domain, a new one included", () => {
    expect(isUpward(arrow("games/x.ts", "http/y.ts"))).toBe(true);
    expect(isUpward(arrow("a-new-folder/x.ts", "rooms/y.ts"))).toBe(true);
    expect(isUpward(arrow("a-new-file.ts", "app-services.ts"))).toBe(true);
    expect(isUpward(arrow("poker/x.ts", "migrations.ts"))).toBe(true);
    expect(isUpward(arrow("db/x.ts", "poker/y.ts"))).toBe(true);
    expect(isUpward(arrow("http/x.ts", "a-new-folder/y.ts"))).toBe(false);
    expect(isUpward(arrow("migrations.ts", "poker/y.ts"))).toBe(false);
  });

  it("has no arrow running back up (domain to adapters, db/ to the rest, rooms to http/ or scale/, operator/ and app.ts)", () => {
    expect(arrows.filter(isUpward).map(nameOf)).toEqual([]);
  });

  it("finds a circle, and only one per group of files", () => {
    const circles = findCircles([
      arrow("a.ts", "b.ts"),
      arrow("b.ts", "c.ts"),
      arrow("c.ts", "a.ts"),
      arrow("c.ts", "b.ts"),
      arrow("c.ts", "d.ts"),
      arrow("d.ts", "d.ts"),
      arrow("e.ts", "a.ts", true),
      arrow("a.ts", "e.ts"),
    ]);
    expect(circles).toEqual([
      ["a.ts", "b.ts", "c.ts", "a.ts"],
      ["d.ts", "d.ts"],
    ]);
  });

  it("has no import circle", () => {
    const circles = findCircles(arrows);
    expect(circles.map((circle) => circle.join(" -> "))).toEqual([]);
  });
});

/**
 * Invariant: money becomes text in one place, ui/format.ts. Any other source file that formats a
 * number the ways that once truncated balances (toFixed, Intl.NumberFormat, toLocaleString, or
 * dividing micro-units by a million, with or without Math.floor / Math.trunc / Math.round) fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..");
const ALLOWED = new Set(["ui/format.ts"]);
const MILLION = String.raw`(?:1_000_000|1000000|1e6|UNITS_PER_COIN)\b`;

/** The ways of turning an amount into text that bypass the formatter. */
const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: "toFixed", pattern: /\.toFixed\(/ },
  { name: "Intl.NumberFormat", pattern: /Intl\.NumberFormat/ },
  { name: "toLocaleString", pattern: /\.toLocaleString\(/ },
  {
    name: "Math.floor/trunc/round of coins",
    pattern: new RegExp(String.raw`Math\.(?:floor|trunc|round)\([^;]*?${MILLION}`),
  },
  { name: "micro-units divided into coins", pattern: new RegExp(String.raw`[/%]\s*${MILLION}`) },
];

/** Every TypeScript source file under `dir` but tests. */
function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The code of a file with its comments blanked, line numbers kept. */
function stripComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, " "))
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** "file:line name" for each forbidden call in the given sources. */
function findStrayFormatting(files: { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    stripComments(text)
      .split("\n")
      .forEach((line, index) => {
        for (const rule of FORBIDDEN) {
          if (rule.pattern.test(line)) found.push(`${path}:${index + 1} ${rule.name}`);
        }
      });
  }
  return found;
}

describe("one money formatter", () => {
  it("no source file but ui/format.ts formats numbers another way", () => {
    const files = listSources(SRC)
      .map((path) => ({ path: relative(SRC, path), text: readFileSync(path, "utf8") }))
      .filter((file) => !ALLOWED.has(file.path));
    expect(files.length).toBeGreaterThan(100);
    expect(findStrayFormatting(files)).toEqual([]);
  });

  it("catches each forbidden way, and leaves rule arithmetic and comments alone", () => {
    const stray = [
      "const a = balance.toFixed(2);",
      "const b = new Intl.NumberFormat('en-US').format(x);",
      "const c = units.toLocaleString('en-US');",
      "const d = Math.floor(units / 1_000_000);",
      "const e = String(units / UNITS_PER_COIN);",
      "const f = String(abs % 1_000_000);",
      "const g = Math.trunc(units / 1e6);",
    ];
    for (const line of stray)
      expect(findStrayFormatting([{ path: "x.ts", text: line }]), line).not.toEqual([]);
    const fine = [
      "const step = Math.floor(units / step) * step;",
      "const perChip = UNITS_PER_COIN / chipsPerCoin;",
      "// the old code called toFixed(2) here",
      "const time = date.toLocaleTimeString('en-US');",
    ];
    expect(findStrayFormatting([{ path: "y.ts", text: fine.join("\n") }])).toEqual([]);
  });
});

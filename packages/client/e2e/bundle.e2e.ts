import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CLIENT_DIST } from "./harness.ts";

/** The first screen of every page starts with under 150 kB of JavaScript in brotli, as it is served. */
const INITIAL_JS_BUDGET = 150 * 1000;

/** A chunk's static imports: `import … from "./x.js"` and `import "./x.js"`. */
const STATIC_IMPORT = /\b(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g;
/** A chunk's imports on demand: `import("./x.js")`. */
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;

/**
 * The scripts of the first screen: those index.html loads, what they import, and the app the entry
 * imports once the page has painted (its one import on demand) with everything that imports in turn.
 * Routes, games and libraries loaded on demand by the app are not followed.
 */
async function readInitialScripts(): Promise<string[]> {
  const html = await readFile(join(CLIENT_DIST, "index.html"), "utf8");
  const seen = new Set<string>();
  const visit = async (path: string, isEntry: boolean): Promise<void> => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = await readFile(join(CLIENT_DIST, path.replace(/^\//, "")), "utf8");
    const folder = path.slice(0, path.lastIndexOf("/") + 1);
    for (const match of code.matchAll(STATIC_IMPORT)) await visit(folder + match[1], false);
    if (isEntry) for (const match of code.matchAll(DYNAMIC_IMPORT)) await visit(folder + match[1], false);
  };
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) await visit(match[1] ?? "", true);
  return [...seen];
}

async function brotliSize(relative: string): Promise<number> {
  return brotliCompressSync(await readFile(join(CLIENT_DIST, relative.replace(/^\//, "")))).length;
}

describe("production bundle", () => {
  it("keeps the initial JavaScript of the first screen under 150 kB in brotli", async () => {
    const scripts = await readInitialScripts();
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = await Promise.all(
      scripts.map(async (script) => ({ script, brotli: await brotliSize(script) })),
    );
    const total = sizes.reduce((sum, entry) => sum + entry.brotli, 0);
    for (const entry of sizes)
      console.log(`initial ${entry.script}: ${(entry.brotli / 1000).toFixed(1)} kB in brotli`);
    console.log(`initial JavaScript total: ${(total / 1000).toFixed(1)} kB in brotli`);
    expect(total).toBeLessThan(INITIAL_JS_BUDGET);
  });

  it("splits PixiJS, the room SDK, the charts, sounds and wallet libraries out of the initial scripts", async () => {
    const initial = await Promise.all(
      (await readInitialScripts()).map((script) => readFile(join(CLIENT_DIST, script), "utf8")),
    );
    const text = initial.join("\n");
    expect(text).not.toMatch(/PIXI\.|pixi\.js/i);
    expect(text).not.toMatch(/WalletManager|use-wallet/);
    // Nor the room SDK, the charts, the wallet animations or the sounds: screens load them when used.
    expect(text).not.toContain("@colyseus/sdk:");
    expect(text).not.toContain("u-legend");
    expect(text).not.toContain("bodymovin");
    expect(text).not.toContain("Howler");
    // Nor zod: the answers' schemas load with the first answer to check (api/lazySchema.ts).
    expect(text).not.toContain("ZodError");
    const assets = await readdir(join(CLIENT_DIST, "assets"));
    expect(assets.filter((name) => name.endsWith(".js")).length).toBeGreaterThan(3);
  });
});

import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CLIENT_DIST } from "./harness.ts";

/** The first screen of every page starts with under 150 kB of JavaScript in brotli, as it is served. */
const INITIAL_JS_BUDGET = 150 * 1000;

/**
 * The scripts of the first screen: those index.html loads (the entry and any module preloads) and
 * the app's chunks the entry imports once the page has painted (named in its preload list).
 */
async function readInitialScripts(): Promise<string[]> {
  const html = await readFile(join(CLIENT_DIST, "index.html"), "utf8");
  const paths = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
  ].map((match) => match[1] ?? "");
  for (const entry of [...paths]) {
    const code = await readFile(join(CLIENT_DIST, entry.replace(/^\//, "")), "utf8");
    for (const match of code.matchAll(/"(assets\/[^"]+\.js)"/g)) paths.push(`/${match[1]}`);
  }
  return [...new Set(paths)];
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

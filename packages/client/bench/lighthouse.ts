/**
 * Lighthouse on the casino's pages, offline: a casino on a free port over a temporary database,
 * Debian's Chromium through chrome-launcher (CHROME_PATH), Lighthouse's mobile profile (simulated
 * slow 4G, 4x slower CPU) and its desktop profile. Prints the performance score, first and largest
 * contentful paint, total blocking time and the compressed JavaScript of each page.
 * Run: pnpm build && pnpm bench:lighthouse (RUNS=3 takes the median of three runs; REPORTS=<folder>
 * keeps each run's full Lighthouse report there as JSON; DIST=<folder> serves that copy of a client build
 * in place of packages/client/dist; PAGES=plinko,lobby measures only the pages named; PROFILES=mobile
 * only that profile).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { type Flags, type RunnerResult } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { startCasino } from "../../server/src/app.ts";
import { CLIENT_DIST } from "../e2e/harness.ts";

/** The pages measured: the landing, the lobby, a PixiJS game and a poker table. */
const PAGES = [
  { name: "landing", path: "/welcome" },
  { name: "lobby", path: "/" },
  { name: "plinko", path: "/game/plinko" },
  { name: "poker table", path: "/poker?table=house-alpha" },
];

/** The names listed in a comma-separated variable, or every name when it is unset. */
function chosen<T extends string>(variable: string | undefined, names: readonly T[]): T[] {
  if (!variable) return [...names];
  const wanted = variable.split(",").map((name) => name.trim());
  return names.filter((name) => wanted.includes(name));
}

/** The figures of one Lighthouse run. */
type Figures = { score: number; fcpMs: number; lcpMs: number; tbtMs: number; jsBytes: number };

/** Reads the figures out of a Lighthouse result. */
function readFigures(result: RunnerResult): Figures {
  const { audits, categories } = result.lhr;
  const requests = (
    audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items;
  return {
    score: Math.round((categories.performance?.score ?? 0) * 100),
    fcpMs: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    jsBytes: (requests ?? [])
      .filter((request) => request.resourceType === "Script")
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
  };
}

/** The run with the median score of several. */
function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)] as Figures;
}

/** One row of the printed table. */
function formatRow(page: string, profile: string, f: Figures): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    page.padEnd(12),
    profile.padEnd(8),
    String(f.score).padStart(5),
    seconds(f.fcpMs).padStart(8),
    seconds(f.lcpMs).padStart(8),
    `${Math.round(f.tbtMs)} ms`.padStart(8),
    `${(f.jsBytes / 1024).toFixed(1)} kB`.padStart(10),
  ].join("  ");
}

const runs = Math.max(1, Number(process.env.RUNS ?? 1));
const reportsDir = process.env.REPORTS;
if (reportsDir) await mkdir(reportsDir, { recursive: true });
const dataDir = await mkdtemp(join(tmpdir(), "casino-lighthouse-"));
const clientDist = process.env.DIST ?? CLIENT_DIST;
const casino = await startCasino({ port: 0, dataDir, clientDist, logLevel: "error" });
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-component-update",
  ],
});
try {
  const flags: Flags = {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  };
  console.log(`Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ""}against ${casino.url}`);
  console.log(
    ["page".padEnd(12), "profile ", "score", "     FCP", "     LCP", "     TBT", "JavaScript"].join("  "),
  );
  const pageNames = chosen(
    process.env.PAGES,
    PAGES.map((page) => page.name),
  );
  for (const page of PAGES.filter((candidate) => pageNames.includes(candidate.name))) {
    for (const profile of chosen(process.env.PROFILES, ["mobile", "desktop"] as const)) {
      const results: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(
          `${casino.url}${page.path}`,
          flags,
          profile === "desktop" ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
        if (reportsDir) {
          const name = `${page.name.replace(/\W+/g, "-")}-${profile}-${i + 1}.json`;
          await writeFile(join(reportsDir, name), JSON.stringify(result.lhr));
        }
        results.push(readFigures(result));
      }
      console.log(formatRow(page.name, profile, median(results)));
    }
  }
} finally {
  chrome.kill();
  await casino.close();
  await rm(dataDir, { recursive: true, force: true });
}

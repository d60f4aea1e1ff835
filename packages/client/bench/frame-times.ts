/**
 * Frame times of the two heaviest animations in headless Chromium: Quantum Plinko with 5 balls in
 * flight, and the warp intro. Each page records its requestAnimationFrame deltas itself; the script
 * prints p50/p95/p99 and the mean fps, and writes them to artifacts/frame-times.json.
 * Run with `pnpm --filter @casino/client bench` after `pnpm build`.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { startCasino } from "../../server/src/app.ts";
import { CLIENT_DIST, launchBrowser, openContext, waitForWallet } from "../e2e/harness.ts";

/** What one measurement reports. */
type FrameReport = { scene: string; frames: number; p50: number; p95: number; p99: number; fps: number };

/** The q-quantile of sorted values (nearest rank). */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

/** Summarises rAF deltas in milliseconds. */
function summarizeFrames(scene: string, deltas: readonly number[]): FrameReport {
  const sorted = [...deltas].sort((a, b) => a - b);
  const total = deltas.reduce((sum, delta) => sum + delta, 0);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    scene,
    frames: deltas.length,
    p50: round(quantile(sorted, 0.5)),
    p95: round(quantile(sorted, 0.95)),
    p99: round(quantile(sorted, 0.99)),
    fps: round(total > 0 ? (deltas.length * 1000) / total : 0),
  };
}

/** Records requestAnimationFrame deltas in the page for `ms` milliseconds, after `start` runs. */
function recordFrames(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(
    (duration) =>
      new Promise<number[]>((resolve) => {
        const deltas: number[] = [];
        let last = performance.now();
        const end = last + duration;
        const frame = (now: number) => {
          deltas.push(now - last);
          last = now;
          if (now < end) requestAnimationFrame(frame);
          else resolve(deltas);
        };
        requestAnimationFrame(frame);
      }),
    ms,
  );
}

const dataDir = await mkdtemp(join(tmpdir(), "casino-bench-"));
const casino = await startCasino({ port: 0, dataDir, clientDist: CLIENT_DIST, logLevel: "warn" });
const browser = await launchBrowser();
const reports: FrameReport[] = [];
try {
  const context = await openContext(browser);
  const page = await context.newPage();
  for (const renderer of ["auto", "webgl", "canvas"] as const) {
    const query = renderer === "auto" ? "" : `?renderer=${renderer}`;
    await page.goto(`${casino.url}/game/plinko${query}`);
    await waitForWallet(page);
    await page.locator('[data-testid="room-status"][data-status="ready"]').waitFor({ timeout: 30_000 });
    // PixiJS loads when the player first reaches for the page: a click on the heading starts it, and
    // the frames are recorded once its canvas is up.
    await page.locator("h1").first().click();
    await page.locator('[data-testid="plinko-board"] canvas').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    const chosen = await page.getByTestId("plinko-board").getAttribute("data-renderer");
    process.stdout.write(`plinko (${renderer}): dropping 5 balls and recording 3.4 s of frames...\n`);
    const recording = recordFrames(page, 3400);
    await page.getByRole("button", { name: "DROP BALL" }).evaluate((button: HTMLButtonElement) => {
      for (let i = 0; i < 5; i++) button.click();
    });
    await page.getByTestId("active-balls").filter({ hasText: "Active Balls: 5/5" }).waitFor();
    reports.push(summarizeFrames(`plinko, 5 balls (${renderer}: ${chosen})`, await recording));
    await page
      .getByTestId("active-balls")
      .filter({ hasText: "Active Balls: 0/5" })
      .waitFor({ timeout: 15_000 });
  }

  process.stdout.write("warp: recording 2.5 s of frames...\n");
  await page.goto(`${casino.url}/warp`);
  await page.locator(".warp").waitFor();
  const renderer = await page.locator(".warp").getAttribute("data-renderer");
  reports.push(summarizeFrames(`warp (${renderer ?? "unknown"} renderer)`, await recordFrames(page, 2500)));
  await context.close();
} finally {
  await browser.close();
  await casino.close();
  await rm(dataDir, { recursive: true, force: true });
}

console.table(reports);
const out = fileURLToPath(new URL("../artifacts/frame-times.json", import.meta.url));
await mkdir(join(out, ".."), { recursive: true });
await writeFile(out, `${JSON.stringify({ measuredAt: new Date().toISOString(), reports }, null, 2)}\n`);
process.stdout.write(`written to ${out}\n`);

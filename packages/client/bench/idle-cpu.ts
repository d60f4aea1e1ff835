/**
 * What an open page costs the browser when nobody touches it: for each screen, the CPU time all of
 * Chromium's processes (browser, renderer, GPU) spend over 10 s once the page has settled, read from
 * Chromium itself (CDP SystemInfo.getProcessInfo). A running animation shows here: it has the browser
 * compose a frame 60 times a second, which without a GPU is work on the CPU.
 * Run with `node bench/idle-cpu.ts` after `pnpm build`; `SECONDS=20` measures longer, `DIST=<folder>`
 * serves that copy of a client build (to compare two builds).
 */
import type { Browser } from "playwright-core";
import { launchBrowser, openContext, startTestCasino } from "../e2e/harness.ts";

const PAGES = ["/welcome", "/", "/poker", "/game/dice", "/game/plinko", "/cashier"];
const SETTLE_MS = 3000;
const SECONDS = Number(process.env.SECONDS ?? 10);

/** The CPU seconds Chromium's processes have used so far, summed. */
async function chromiumCpuSeconds(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send("SystemInfo.getProcessInfo")) as {
    processInfo: { cpuTime: number }[];
  };
  await session.detach();
  return processInfo.reduce((sum, process) => sum + process.cpuTime, 0);
}

const casino = await startTestCasino({}, process.env.DIST);
const browser = await launchBrowser();
try {
  console.log(`Chromium CPU time over ${SECONDS} s of an untouched page, 1280x800`);
  for (const path of PAGES) {
    const context = await openContext(browser);
    const page = await context.newPage();
    await page.goto(`${casino.url}${path}`);
    await page.waitForTimeout(SETTLE_MS);
    const before = await chromiumCpuSeconds(browser);
    await page.waitForTimeout(SECONDS * 1000);
    const used = (await chromiumCpuSeconds(browser)) - before;
    console.log(
      `${path.padEnd(14)} ${used.toFixed(2)} s (${((100 * used) / SECONDS).toFixed(0)}% of a core)`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await casino.stop();
}

/**
 * Fixtures of the browser tests. The browser project runs its files one after another in one
 * process (vitest.config.ts: isolate false), so one Chromium and one casino serve every file that
 * needs no casino settings of its own; a file that does (poker timers, operator passwords) takes
 * `testOnOwnCasino`. One casino runs at a time: Colyseus's match-maker is process-wide.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { test as baseTest } from "vitest";
import {
  type CasinoOptions,
  launchBrowser,
  openContext,
  startTestCasino,
  type TestCasino,
  waitForWallet,
} from "./harness.ts";

/** A fresh browser profile on a casino page, with its demo wallet connected. */
export type Visitor = { context: BrowserContext; page: Page; wallet: string };

/** The browser profiles one test file opens on its casino; they are closed when the file ends. */
export type Profiles = {
  casino: TestCasino;
  /** A fresh profile (own cookies and storage), laptop-sized unless `options` say otherwise. */
  open(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A fresh profile with a page opened on `path` of the casino. */
  openPage(path: string): Promise<{ context: BrowserContext; page: Page }>;
  /** A fresh profile on `path` of the casino, once the first-load session restore connected a wallet. */
  visit(path: string): Promise<Visitor>;
};

let sharedBrowser: Promise<Browser> | undefined;
let running: { shared: boolean; casino: Promise<TestCasino> } | undefined;

/** Gives the casino a file asks for, stopping the running one unless both are the shared casino. */
async function switchCasino(shared: boolean, options?: CasinoOptions): Promise<TestCasino> {
  if (shared && running?.shared) return running.casino;
  await stopCasino();
  const casino = startTestCasino(options);
  running = { shared, casino };
  return casino;
}

/** Stops the running casino, if any. */
async function stopCasino(): Promise<void> {
  const stopping = running;
  running = undefined;
  await (await stopping?.casino.catch(() => undefined))?.stop();
}

/** Closes the shared browser and the running casino at the end of the run. */
async function closeAll(): Promise<void> {
  const closing = sharedBrowser;
  sharedBrowser = undefined;
  await Promise.all([closing?.then((browser) => browser.close()).catch(() => undefined), stopCasino()]);
}

/** Opens profiles on `casino` for one file and registers their closing. */
function openProfiles(
  browser: Browser,
  casino: TestCasino,
  onCleanup: (cleanup: () => Promise<void>) => void,
): Profiles {
  const opened: BrowserContext[] = [];
  onCleanup(async () => {
    await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
  });
  const open = async (options?: BrowserContextOptions) => {
    const context = options ? await browser.newContext(options) : await openContext(browser);
    opened.push(context);
    return context;
  };
  const openPage = async (path: string) => {
    const context = await open();
    const page = await context.newPage();
    await page.goto(`${casino.url}${path}`);
    return { context, page };
  };
  return {
    casino,
    open,
    openPage,
    async visit(path) {
      const { context, page } = await openPage(path);
      return { context, page, wallet: await waitForWallet(page) };
    },
  };
}

/** The browser tests' `test`: `browser` for the run, `casino` and `profiles` for each file. */
export const test = baseTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern.
  .extend("browser", { scope: "worker" }, async ({}, { onCleanup }) => {
    onCleanup(closeAll);
    sharedBrowser ??= launchBrowser();
    return sharedBrowser;
  })
  .extend("casino", { scope: "file" }, () => switchCasino(true))
  .extend("profiles", { scope: "file" }, ({ browser, casino }, { onCleanup }) =>
    openProfiles(browser, casino, onCleanup),
  );

/** The same fixtures over a casino started with `options` for this file alone. */
export function testOnOwnCasino(options: CasinoOptions) {
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern.
  return test.extend("casino", { scope: "file" }, async ({}, { onCleanup }) => {
    onCleanup(stopCasino);
    return switchCasino(false, options);
  });
}

/** Browser-test harness: a real casino on a free port with a temporary database, and Debian's Chromium. */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import algosdk from "algosdk";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { type RunningCasino, type StartCasinoOptions, startCasino } from "../../server/src/app.ts";
import { testLogLevel } from "../../server/src/log.ts";

/** The built client the server serves (the root test command builds it first). */
export const CLIENT_DIST = fileURLToPath(new URL("../dist", import.meta.url));
/** Where screenshots are kept as artifacts. */
export const SCREENSHOT_DIR = fileURLToPath(new URL("../artifacts/screenshots", import.meta.url));

/** Casino settings a test file may ask for (poker timers, operator passwords); the rest is fixed. */
export type CasinoOptions = Omit<StartCasinoOptions, "port" | "dataDir" | "clientDist" | "logLevel">;

/** A casino on a free port over a temporary database; `stop` also removes its data folder. */
export type TestCasino = RunningCasino & { stop: () => Promise<void> };

/**
 * Starts the real casino (API, client, rooms) on a free port with a fresh SQLite folder, serving the
 * client built in `clientDist` (a benchmark may serve another build).
 */
export async function startTestCasino(
  options: CasinoOptions = {},
  clientDist = CLIENT_DIST,
): Promise<TestCasino> {
  if (!existsSync(join(clientDist, "index.html"))) {
    throw new Error(`no client build in ${clientDist}: run "pnpm build" before the browser tests`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), "casino-e2e-"));
  const casino = await startCasino({
    // A short Supernova chain: a million hashes per currency is for production.
    crash: { chainLength: 2000 },
    ...options,
    port: 0,
    dataDir,
    clientDist,
    logLevel: testLogLevel(),
  });
  return {
    ...casino,
    stop: async () => {
      await casino.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Launches Chromium headless with the flags that work on this machine kind (TOOLCHAIN.md). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A fresh browser profile (own cookies and storage) at a laptop-sized viewport. */
export function openContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 } });
}

/** A phone's browser profile options: a 390 x 844 touch screen. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * How far the page reaches past the screen's width (0 or less when it fits). A mobile browser widens
 * its layout viewport (innerWidth) to a page wider than the phone, so innerWidth alone would say it fits.
 */
export function overflowBeyondScreen(page: Page): Promise<number> {
  return page.evaluate(
    () => Math.max(document.documentElement.scrollWidth, window.innerWidth) - window.screen.width,
  );
}

/** Saves a full-page screenshot as artifacts/screenshots/{name}.png. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Waits until the first-load session restore has connected a wallet; returns its address. */
export async function waitForWallet(page: Page): Promise<string> {
  await page.waitForFunction(() => localStorage.getItem("walletAddress") !== null, undefined, {
    timeout: 15_000,
  });
  return (await page.evaluate(() => localStorage.getItem("walletAddress"))) ?? "";
}

/** A fixed Algorand account for signing tests: the same key on every run. */
export function createTestAccount(seedByte: number) {
  const secret = new Uint8Array(64).map((_, i) => (i * 31 + seedByte) & 0xff);
  return algosdk.mnemonicToSecretKey(algosdk.secretKeyToMnemonic(secret));
}

/** Installs window.__casinoTestSigner: the account signs the unsigned transaction it is given. */
export async function installTestSigner(context: BrowserContext, account: algosdk.Account): Promise<void> {
  await context.exposeFunction("__casinoTestSignRaw", (unsigned: number[]) => {
    const txn = algosdk.decodeUnsignedTransaction(Uint8Array.from(unsigned));
    return Array.from(txn.signTxn(account.sk));
  });
  await context.addInitScript(() => {
    const host = window as unknown as {
      __casinoTestSignRaw: (bytes: number[]) => Promise<number[]>;
      __casinoTestSigner: (bytes: Uint8Array) => Promise<Uint8Array>;
    };
    host.__casinoTestSigner = async (bytes) =>
      new Uint8Array(await host.__casinoTestSignRaw(Array.from(bytes)));
  });
}

/** Waits for a toast containing `text` and returns its whole text, whitespace collapsed. */
export async function waitForToast(page: Page, text: string | RegExp): Promise<string> {
  const toast = page.getByTestId("toast").filter({ hasText: text });
  await toast.waitFor({ state: "visible", timeout: 10_000 });
  return ((await toast.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

/** The header's HC chip once it shows a balance (not "…" while the balances load). */
export function settledHeaderHC(page: Page): Locator {
  return page.locator('[data-testid="header-hc"]:not([aria-busy="true"])');
}

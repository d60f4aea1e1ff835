/** Steps shared by the poker browser tests: funding a demo wallet with AMINA and playing turns. */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";

/** Moves AMINA from the demo wallet's simulated chain balance into the casino; returns the HTTP status. */
export function depositAmina(page: Page, wallet: string, amount: string): Promise<number> {
  return page.evaluate(
    async ({ address, value }) => {
      const response = await fetch("/api/crypto/deposit", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ userWallet: address, amount: value }),
      });
      return response.status;
    },
    { address: wallet, value: amount },
  );
}

/** Checks or calls if the action bar is up on this page (by keyboard shortcut when asked); true if it acted. */
export async function checkOrCall(page: Page, useKeyboard = false): Promise<boolean> {
  const bar = page.getByTestId("action-bar");
  if (!(await bar.isVisible())) return false;
  if (useKeyboard) {
    await page.locator("body").focus();
    await page.keyboard.press("c");
    return true;
  }
  const check = bar.getByRole("button", { name: "Check", exact: true });
  if ((await check.count()) > 0 && (await check.isEnabled())) await check.click();
  else await bar.getByRole("button", { name: /^Call \d+$/ }).click();
  return true;
}

/** Plays check/call on every page until the first page shows the hand's winners. */
export async function playUntilShowdown(
  pages: Page[],
  options: { keyboardOn?: Page; timeoutMs?: number } = {},
) {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (await pages[0]!.getByTestId("poker-winners").isVisible()) return;
    for (const page of pages) {
      try {
        await checkOrCall(page, page === options.keyboardOn);
      } catch {
        // The turn moved on while acting: look again.
      }
    }
    await pages[0]!.waitForTimeout(300);
  }
  const status = await pages[0]!.getByTestId("poker-table-screen").textContent();
  throw new Error(`the hand did not reach its result in time; the table reads:\n${status}`);
}

/** The faces of the hole cards drawn in the viewer's own seat ("A♠", ...). */
export function readMyCards(page: Page): Promise<string[]> {
  return page
    .locator(".poker-seat.is-me .poker-card[data-card]")
    .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card") ?? ""));
}

/** Where the poker layout screenshots are kept for review. */
const SHOTS_DIR = "/tmp/shots-i29";

/** Saves what the viewport shows (not the whole page) as {SHOTS_DIR}/{name}.png. */
export async function saveShot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`) });
}

/** Waits until the action bar is up for this page's player, dealing again when a hand passes them by. */
export async function waitForMyTurn(page: Page, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const bar = page.getByTestId("action-bar");
  while (Date.now() < deadline) {
    if (await bar.isVisible()) return;
    const start = page.getByRole("button", { name: "Start Hand" });
    if (await start.isVisible()) await start.click().catch(() => undefined);
    await page.waitForTimeout(250);
  }
  throw new Error("the player's turn never came");
}

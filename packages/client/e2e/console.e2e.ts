import type { ConsoleMessage, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./fixtures.ts";
import { PHONE, waitForWallet } from "./harness.ts";
import { GAMES, playRound, sitAtHouseTable } from "./rounds.ts";

/** Console messages a player's page must never print. */
const FAULTY = new Set<string>(["warning", "error", "assert"]);

/** Collects every console warning or error and every uncaught exception of `page`, with where it was. */
function recordFaults(page: Page): string[] {
  const faults: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (FAULTY.has(message.type())) faults.push(`${page.url()} console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => faults.push(`${page.url()} uncaught: ${error.message}`));
  return faults;
}

describe("a clean console", () => {
  test("prints no warning or error on a first visit, through the screens, and over a round of each game", async ({
    profiles,
  }) => {
    const context = await profiles.open();
    const page = await context.newPage();
    const faults = recordFaults(page);
    const base = profiles.casino.url;
    await page.goto(`${base}/`);
    await waitForWallet(page);
    await page.getByTestId("game-card-dice").waitFor();
    await page.waitForTimeout(2500); // the live feed joins once the page is idle
    for (const path of [
      "/welcome",
      "/cashier",
      "/history",
      "/verify",
      "/leaderboards",
      "/responsible-gaming",
      "/profile",
      "/crash",
    ]) {
      await page.goto(`${base}${path}`);
      await page.locator("main, #root > *").first().waitFor();
      await page.waitForLoadState("networkidle");
    }
    for (const game of GAMES) await playRound(page, base, game);
    await sitAtHouseTable(page, base);
    await page.waitForTimeout(1000);
    expect(faults).toEqual([]);
  });

  test("prints none on a phone either, where the first screen is a game", async ({ profiles }) => {
    const context = await profiles.open(PHONE);
    const page = await context.newPage();
    const faults = recordFaults(page);
    await page.goto(`${profiles.casino.url}/game/plinko`);
    await waitForWallet(page);
    await playRound(page, profiles.casino.url, "plinko");
    expect(faults).toEqual([]);
  });
});

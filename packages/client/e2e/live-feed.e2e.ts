/**
 * The live bets feed in the browser: bets played by one player appear in the lobby feed of another
 * as they settle (by `cosmic_` username, never the wallet), the tabs move with the arrow keys, the
 * header counts both players online, and the feed sits beside the game screen, at desktop and
 * phone widths.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Profiles, test, type Visitor } from "./fixtures.ts";
import { type GamePlayer, openGame, postFromPage } from "./games-harness.ts";
import { PHONE, saveScreenshot } from "./harness.ts";

let browserProfiles: Profiles;
let player: GamePlayer;
let watcher: Visitor;

test.beforeAll(async ({ profiles }) => {
  browserProfiles = profiles;
  player = await openGame(profiles, "dice");
  watcher = await profiles.visit("/casino");
});

/** Plays `count` dice rounds from the player's page through REST. */
async function playDice(page: Page, count: number, betAmount = 1): Promise<void> {
  for (let i = 0; i < count; i++) {
    const answer = await postFromPage(page, "/api/games/dice", { betAmount, currency: "HC", betType: "low" });
    expect(answer.status).toBe(200);
  }
}

/** The player names of the feed rows shown on a page. */
function feedPlayers(page: Page): Promise<string[]> {
  return page
    .getByTestId("live-bet-row")
    .evaluateAll((rows) => rows.map((row) => row.querySelector("td")?.textContent ?? ""));
}

describe("live bets feed", () => {
  it("shows another player's bets in the lobby as they settle, by username", async () => {
    const { page } = watcher;
    await page.getByTestId("live-bets-status").filter({ hasText: "Live" }).waitFor({ timeout: 20_000 });
    const before = await page.getByTestId("live-bet-row").count();
    await playDice(player.page, 3);
    const username = `cosmic_${player.wallet.slice(-8)}`;
    await page.waitForFunction(
      ([name, count]) => {
        const rows = [...document.querySelectorAll('[data-testid="live-bet-row"]')];
        return rows.length >= count && rows.some((row) => row.textContent?.includes(name));
      },
      [username, before + 3] as const,
      { timeout: 10_000 },
    );
    expect(await feedPlayers(page)).toContain(username);
    expect(await page.getByTestId("live-bets").textContent()).not.toContain(player.wallet);
    expect(await page.getByTestId("live-bets").textContent()).toContain("seed not revealed yet");
    await page.waitForFunction(
      () =>
        Number.parseInt(document.querySelector('[data-testid="online-count"]')?.textContent ?? "0", 10) >= 2,
      undefined,
      { timeout: 10_000 },
    );
    // The feed keeps moving while the screenshot is taken.
    await playDice(player.page, 2, 100);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="live-bet-row"]').length >= 5);
    await page.getByTestId("live-bets").scrollIntoViewIfNeeded();
    await saveScreenshot(page, "live-feed-lobby-desktop");
  });

  it("moves between the tabs with the arrow keys", async () => {
    const { page } = watcher;
    const all = page.getByRole("tab", { name: "All bets" });
    await all.focus();
    await page.keyboard.press("ArrowRight");
    const high = page.getByRole("tab", { name: "High rollers" });
    expect(await high.getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("High rollers");
    // The two 100 HC bets are high rollers.
    await page.getByRole("tabpanel").getByTestId("live-bet-row").first().waitFor();
    await page.keyboard.press("End");
    expect(await page.getByRole("tab", { name: "My bets" }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Home");
    expect(await all.getAttribute("aria-selected")).toBe("true");
  });

  it("shows the feed beside a game, with the player's own bets under My bets", async () => {
    const { page } = player;
    await page.getByTestId("live-bets").getByRole("tab", { name: "My bets" }).click();
    await page.getByTestId("live-bets").getByTestId("live-bet-row").first().waitFor({ timeout: 10_000 });
    expect(await page.getByTestId("live-bets").getByTestId("live-bet-row").count()).toBeGreaterThanOrEqual(5);
    await saveScreenshot(page, "live-feed-game-desktop");
  });

  it("fits phone widths in the lobby and beside a game", async () => {
    const context = await browserProfiles.open(PHONE);
    const page = await context.newPage();
    await page.goto(`${browserProfiles.casino.url}/casino`);
    await page.getByTestId("live-bets").waitFor({ timeout: 20_000 });
    await playDice(player.page, 1);
    await page
      .getByTestId("live-bet-row")
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(async (error) => {
        await saveScreenshot(page, "live-feed-lobby-phone-failed");
        throw error;
      });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, "live-feed-lobby-phone");
    await page.goto(`${browserProfiles.casino.url}/game/dice`);
    await page.getByTestId("live-bets").getByTestId("live-bet-row").first().waitFor({ timeout: 20_000 });
    await saveScreenshot(page, "live-feed-game-phone");
  });
});

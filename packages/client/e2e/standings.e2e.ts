/**
 * /leaderboards and /profile in the browser: two players' rounds show on the boards under their
 * usernames (never their wallets), the selectors change the board and the URL, and the profile
 * shows the player's totals and draws the profit curve on a canvas; screenshots at desktop and
 * phone widths.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { testOnOwnCasino, type Visitor } from "./fixtures.ts";
import { postFromPage } from "./games-harness.ts";
import { saveScreenshot } from "./harness.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A casino of its own: the boards rank every player of the day, and other files' players would crowd them. */
const test = testOnOwnCasino({});

let ada: Visitor;
let bo: Visitor;

/** Plays bets through the REST routes from the player's page (its session cookie goes along). */
async function play(
  visitor: Visitor,
  bets: { path: string; body: Record<string, unknown> }[],
): Promise<void> {
  for (const bet of bets) {
    const answer = await postFromPage(visitor.page, bet.path, { currency: "HC", ...bet.body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
}

/** The board rows as "player=value" texts. */
function boardRows(page: Page) {
  return page
    .getByTestId("board-row")
    .evaluateAll((rows) =>
      rows.map(
        (row) => `${row.querySelector("th")?.textContent}=${row.querySelectorAll("td")[1]?.textContent}`,
      ),
    );
}

/** How many canvas pixels of the chart are drawn (not transparent). */
function drawnPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>("[data-testid=profit-chart] canvas");
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let drawn = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) drawn++;
    return drawn;
  });
}

test.beforeAll(async ({ profiles }) => {
  [ada, bo] = await Promise.all([profiles.visit("/casino"), profiles.visit("/casino")]);
  const dice = (betAmount: number, betType: string) => ({
    path: "/api/games/dice",
    body: { betAmount, betType },
  });
  const plinko = (betAmount: number) => ({ path: "/api/games/plinko", body: { betAmount, risk: "high" } });
  await Promise.all([
    play(ada, [dice(10, "high"), dice(25, "seven"), dice(5, "low"), dice(40, "high"), dice(15, "high")]),
    play(bo, [plinko(30), plinko(20), plinko(5), plinko(50), plinko(10), dice(10, "low")]),
  ]);
});

describe("leaderboards and profile", () => {
  it("ranks the players by username on /leaderboards, reached from the header", async () => {
    const { page, wallet } = ada;
    await page.getByRole("link", { name: "Leaderboards" }).click();
    await page.waitForURL(/\/leaderboards$/);
    await page.getByTestId("board-row").first().waitFor();
    const username = `cosmic_${wallet.slice(-8)}`;
    const rows = await boardRows(page);
    expect(rows).toContain(`${username}=95 HC`);
    expect(rows).toContain(`cosmic_${bo.wallet.slice(-8)}=125 HC`);
    expect(await page.getByTestId("leaderboard").innerHTML()).not.toContain(wallet);
    expect(await page.content()).not.toContain(bo.wallet);
    await expect(page.locator("caption").textContent()).resolves.toBe(
      "Most wagered, All games, today (UTC), HC",
    );
    await saveScreenshot(page, "leaderboards-desktop");
  });

  it("changes the board and the URL with the selectors", async () => {
    const { page } = ada;
    await page.getByRole("button", { name: "This week" }).click();
    await page.getByLabel("Game", { exact: true }).selectOption("plinko");
    await page.getByLabel("Ranking", { exact: true }).selectOption("multiplier");
    await page.waitForURL(/period=week&game=plinko&metric=multiplier&currency=HC$/);
    await expect(page.getByRole("button", { name: "This week" }).getAttribute("aria-pressed")).resolves.toBe(
      "true",
    );
    await page
      .locator("caption", { hasText: "Biggest multiplier, Quantum Plinko, this week (UTC), HC" })
      .waitFor();
    const rows = await boardRows(page);
    expect(rows.some((row) => row.startsWith(`cosmic_${ada.wallet.slice(-8)}=`))).toBe(false);
    const answer = await page.evaluate(async () =>
      (await fetch("/api/leaderboards?period=week&game=plinko&metric=multiplier&currency=HC")).json(),
    );
    expect(rows).toEqual(
      answer.rows.map(
        (row: { player: string; value: number }) => `${row.player}=${Number(row.value.toFixed(2))}x`,
      ),
    );
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, "leaderboards-phone");
    await page.setViewportSize(DESKTOP);
  });

  it("shows the player's totals and draws the profit curve on /profile", async () => {
    const { page, wallet } = bo;
    await page.goto(`${new URL(page.url()).origin}/leaderboards`);
    await page.getByRole("link", { name: "My stats" }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByTestId("totals-HC").waitFor();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      `cosmic_${wallet.slice(-8)}`,
    );
    await expect(page.getByTestId("totals-HC").getByText("125 HC").count()).resolves.toBe(1);
    await expect(page.getByTestId("profile-game-row").count()).resolves.toBe(2);
    await page.locator("[data-testid=profit-chart] canvas").waitFor();
    await page.waitForFunction(() => {
      const canvas = document.querySelector<HTMLCanvasElement>("[data-testid=profit-chart] canvas");
      return (canvas?.width ?? 0) > 200;
    });
    expect(await drawnPixels(page)).toBeGreaterThan(500);
    await expect(page.locator("[data-testid=profit-chart] figcaption").textContent()).resolves.toMatch(
      /^Running profit over your last 6 HC rounds, ending at [+-]?[\d,]+(?:\.\d+)? HC\.$/,
    );
    await saveScreenshot(page, "profile-desktop");
    await page.setViewportSize(PHONE);
    await page.waitForFunction(() => {
      const canvas = document.querySelector<HTMLCanvasElement>("[data-testid=profit-chart] canvas");
      return (canvas?.getBoundingClientRect().width ?? 999) < 390;
    });
    expect(await drawnPixels(page)).toBeGreaterThan(500);
    await saveScreenshot(page, "profile-phone");
  });
});

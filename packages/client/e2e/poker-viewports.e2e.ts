import type { Page } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import { type Profiles, testOnOwnCasino } from "./fixtures.ts";
import { waitForWallet } from "./harness.ts";
import { saveShot, waitForMyTurn } from "./poker-helpers.ts";

const test = testOnOwnCasino({
  poker: {
    autoStartDelayMs: 120_000,
    botDelayMs: [50, 150],
    botEquityTrials: 20,
    actionTimeoutMs: 20_000,
    reconnectGraceMs: 5_000,
  },
});

/** The screens a player brings: laptops, a desktop, a tablet and phones, upright and on their side. */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
  { width: 360, height: 740 },
  { width: 740, height: 360 },
] as const;

/** House tables, one per viewport in turn, so every player finds seats free. */
const HOUSE_TABLES = ["house-alpha", "house-beta"] as const;

let profiles: Profiles;

test.beforeAll(({ profiles: opened }) => {
  profiles = opened;
});

/** Whether the element's box lies inside the viewport and its centre is not covered by anything else. */
function isVisibleOnTop(page: Page, selector: string): Promise<string | null> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const { innerWidth: width, innerHeight: height } = window;
    if (box.left < 0 || box.top < 0 || box.right > width || box.bottom > height)
      return `box ${Math.round(box.left)},${Math.round(box.top)}-${Math.round(box.right)},${Math.round(box.bottom)} leaves ${width}x${height}`;
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top && (top === element || element.contains(top))
      ? null
      : `covered by ${top?.outerHTML.slice(0, 80)}`;
  });
}

/** The seat plates that leave the viewport, described. */
function findSeatsOffScreen(page: Page): Promise<string[]> {
  return page.locator(".poker-seat").evaluateAll((seats) => {
    const { innerWidth: width, innerHeight: height } = window;
    return seats.flatMap((seat) => {
      const box = seat.getBoundingClientRect();
      return box.left < 0 || box.top < 0 || box.right > width || box.bottom > height
        ? [`${seat.getAttribute("aria-label")} at ${Math.round(box.left)},${Math.round(box.top)}`]
        : [];
    });
  });
}

/** How far the page is wider than the viewport, in px (0 when it fits). */
function measureOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe("poker at every screen size", () => {
  VIEWPORTS.forEach((viewport, index) => {
    const label = `${viewport.width}x${viewport.height}`;
    it(`${label}: the lobby fits, Join works, and on the player's turn the actions, cards and seats are on screen`, {
      timeout: 150_000,
    }, async () => {
      const tableId = HOUSE_TABLES[index % HOUSE_TABLES.length]!;
      const context = await profiles.open({ viewport });
      // A player who fails here must not keep a seat (and the turn) from the next screen size.
      onTestFinished(() => context.close());
      const page = await context.newPage();
      await page.goto(`${profiles.casino.url}/poker`);
      await waitForWallet(page);
      await page.getByTestId("poker-tables").waitFor();
      expect(await measureOverflow(page)).toBe(0);
      await saveShot(page, `lobby-${label}`);

      const join = page
        .getByTestId(`poker-table-row-${tableId}`)
        .getByRole("button", { name: /^Join Table/ });
      await join.scrollIntoViewIfNeeded();
      await join.click();
      const dialog = page.getByTestId("join-dialog");
      await dialog.waitFor();
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      await dialog.getByRole("button", { name: "Join", exact: true }).click();
      await page.getByTestId("poker-table-screen").waitFor();
      await page.locator(".poker-seat:not(.is-empty)").nth(2).waitFor({ timeout: 15_000 });
      // The name field was left empty: the player sits under their casino username.
      expect(await page.locator(".poker-seat.is-me").getAttribute("aria-label")).toMatch(
        /, cosmic_\w+ \(you\)/,
      );
      // Read further down the page (the log): the turn brings the table back into view.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await waitForMyTurn(page);
      await saveShot(page, `table-${label}`);

      for (const name of ["Fold", /^(Check|Call \d+)$/, /^(Raise|Bet)$/] as const) {
        const button = page.getByTestId("action-bar").getByRole("button", { name, exact: true });
        const id = await button.evaluate((element) => {
          element.setAttribute("data-probe", "1");
          return "[data-probe]";
        });
        expect(await isVisibleOnTop(page, id), `${label} ${String(name)}`).toBeNull();
        await button.evaluate((element) => element.removeAttribute("data-probe"));
      }
      expect(
        await isVisibleOnTop(page, ".poker-seat.is-me .poker-seat-cards"),
        `${label} own cards`,
      ).toBeNull();
      expect(await isVisibleOnTop(page, "[data-testid=community-cards]"), `${label} board`).toBeNull();
      expect(await isVisibleOnTop(page, "[data-testid=poker-pot]"), `${label} pot`).toBeNull();
      expect(await findSeatsOffScreen(page), label).toEqual([]);
      expect(await measureOverflow(page)).toBe(0);
      if (viewport.width < 600) {
        const heights = await page
          .locator(".poker-actions button, .poker-bet-slider")
          .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
        expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
      }
      await page.getByRole("button", { name: "Leave Table" }).click();
      await page.getByTestId("poker-tables").waitFor({ timeout: 15_000 });
    });
  });
});

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Profiles, test } from "./fixtures.ts";
import {
  PHONE,
  SCREENSHOT_DIR,
  saveScreenshot,
  type TestCasino,
  waitForToast,
  waitForWallet,
} from "./harness.ts";

let profiles: Profiles;
let casino: TestCasino;
let page: Page;

test.beforeAll(async ({ profiles: opened }) => {
  profiles = opened;
  casino = opened.casino;
  ({ page } = await opened.visit("/"));
});

describe("lobby", () => {
  it("has the header, DEMO MODE banner, hero figures, seven game cards and the footer", async () => {
    await expect(page.getByText("DEMO MODE").isVisible()).resolves.toBe(true);
    await expect(page.locator(".demo-banner").textContent()).resolves.toBe("DEMO MODE - review version");
    const hero = await page.locator(".hero").textContent();
    expect(hero).toMatch(/5\s+games/i);
    expect(hero).toMatch(/1K\s+supply/i);
    const cards = page.locator(".game-card");
    expect(await cards.count()).toBe(7);
    const dice = page.getByTestId("game-card-dice");
    for (const label of ["Max win", "Bet range", "House edge"])
      await expect(dice.textContent()).resolves.toContain(label);
    await expect(dice.getByRole("link").textContent()).resolves.toBe("Play Now");
    await expect(dice.getByRole("link").getAttribute("href")).resolves.toBe("/game/dice");
    const poker = page.getByTestId("game-card-poker");
    await expect(poker.getByRole("link").textContent()).resolves.toBe("Join Table");
    await expect(poker.getByRole("link").getAttribute("href")).resolves.toBe("/poker");
    const footer = await page.locator("footer").textContent();
    expect(footer).toMatch(/Gambling can be addictive/);
    expect(footer).toMatch(/©/);
    expect(await page.locator("footer .footer-lists a").count()).toBe(0);
    await expect(page.getByRole("link", { name: /About AMINA/ }).getAttribute("href")).resolves.toBe(
      "/welcome",
    );
    await page.getByTestId("history-panel").waitFor();
  });

  it("fits a phone screen", async () => {
    const phone = await profiles.open(PHONE);
    const small = await phone.newPage();
    await small.goto(`${casino.url}/casino`);
    await waitForWallet(small);
    await small.getByTestId("game-card-slots").waitFor();
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(small, "lobby-phone");
    await small.screenshot({ path: `${SCREENSHOT_DIR}/lobby-phone-top.png` });
    await small.goto(`${casino.url}/cashier`);
    await small.getByTestId("cashier-amina").waitFor();
    await saveScreenshot(small, "cashier-phone");
    await phone.close();
  });

  it("opens a game's screen from its card and comes back", async () => {
    await page.getByTestId("game-card-dice").getByRole("link").click();
    await page.waitForURL(/\/game\/dice$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await saveScreenshot(page, "game-dice");
    await page
      .getByRole("link", { name: /Back to Casino/ })
      .first()
      .click();
    await page.waitForURL(/\/casino$/);
  });
});

describe("not found", () => {
  it("shows Game Not Found for an unknown game, with a link back", async () => {
    await page.goto(`${casino.url}/game/unknown`);
    await page.getByRole("heading", { name: "Game Not Found" }).waitFor();
    await saveScreenshot(page, "game-not-found");
    await page.getByRole("link", { name: "Back to Casino" }).click();
    await page.waitForURL(/\/casino$/);
  });

  it("shows the themed 404 page for any other path", async () => {
    await page.goto(`${casino.url}/nope`);
    await page.getByRole("heading", { name: "Lost in Space" }).waitFor();
    await expect(page.locator(".lost-code").textContent()).resolves.toBe("404");
    await saveScreenshot(page, "not-found");
  });

  it("renders the poker and security routes", async () => {
    await page.goto(`${casino.url}/poker`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await saveScreenshot(page, "poker");
    await page.goto(`${casino.url}/security`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await saveScreenshot(page, "security");
  });
});

describe("toasts and tooltips", () => {
  /** Shows a toast by submitting an empty client seed. */
  async function showToast(target: Page) {
    await target.getByLabel("New client seed").fill("");
    await target.getByRole("button", { name: "Update", exact: true }).click();
    return waitForToast(target, "Please enter a client seed");
  }

  it("keeps one toast at a time, closes it after 5 s, and F8 focuses the region", async () => {
    await page.goto(`${casino.url}/casino`);
    await page.getByTestId("server-seed-hash").waitFor();
    const shownAt = Date.now();
    await showToast(page);
    await showToast(page);
    expect(await page.getByTestId("toast").count()).toBe(1);
    await page.keyboard.press("F8");
    const focused = await page.evaluate(() => ({
      viewport: document.activeElement?.classList.contains("toast-viewport") ?? false,
      region: document.activeElement?.closest("[role=region]")?.getAttribute("aria-label") ?? "",
    }));
    expect(focused).toEqual({ viewport: true, region: "Notifications (F8)" });
    await page.mouse.move(5, 5);
    await page.locator("h1").first().click();
    // The upper bound only says the toast does close: a loaded machine delays it by seconds.
    await page.getByTestId("toast").waitFor({ state: "detached", timeout: 15_000 });
    const visibleFor = Date.now() - shownAt;
    expect(visibleFor).toBeGreaterThan(4500);
    expect(visibleFor).toBeLessThan(15_000);
  });

  it("dismisses a toast swiped right past the threshold", async () => {
    /** Shows a fresh toast and swipes it right by `distance` px, soon after it has slid in. */
    const swipeFreshToast = async (distance: number) => {
      await showToast(page);
      // Hovering waits for the slide-in to end and holds the toast's 5 s timer, so that timer cannot
      // close the toast during the swipe however slowly a busy machine plays it.
      const toast = page.getByTestId("toast");
      await toast.hover();
      const box = await toast.boundingBox();
      if (!box) throw new Error("toast has no box");
      await page.mouse.move(box.x + 20, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 20 + distance, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
    };
    // Past the 50 px threshold: gone at once (the pointer over it holds its own timer).
    await swipeFreshToast(120);
    await page.getByTestId("toast").waitFor({ state: "detached", timeout: 4000 });
    // 30 px is short of the threshold: the toast stays.
    await swipeFreshToast(30);
    await page.waitForTimeout(300);
    expect(await page.getByTestId("toast").count()).toBe(1);
  });

  it("shows a tooltip after the 700 ms delay, not before", async () => {
    await page.mouse.move(0, 0);
    const chip = page.locator(".balance-chip.balance-hc");
    await chip.hover();
    const hoveredAt = Date.now();
    await page.waitForTimeout(350);
    expect(await page.getByTestId("tooltip").count()).toBe(0);
    await page.getByTestId("tooltip").waitFor({ timeout: 2000 });
    expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(650);
    await expect(page.getByTestId("tooltip").first().textContent()).resolves.toContain("House Coins");
    await expect(page.getByTestId("tooltip").first().getAttribute("data-state")).resolves.toBe(
      "delayed-open",
    );
  });

  it("skips the delay when moving to the next tooltip within 300 ms", async () => {
    const box = await page.locator(".balance-chip.balance-amina").boundingBox();
    if (!box) throw new Error("AMINA chip has no box");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 6 });
    const tooltip = page.getByTestId("tooltip").filter({ hasText: "AMINA token balance" }).first();
    await tooltip.waitFor({ timeout: 2000 });
    // Radix marks how the tooltip opened: "instant-open" when the delay was skipped, "delayed-open"
    // when it waited its 700 ms (the test above).
    await expect(tooltip.getAttribute("data-state")).resolves.toBe("instant-open");
  });

  it("shows a tooltip on keyboard focus too", async () => {
    await page.mouse.move(0, 400);
    await page.waitForTimeout(600);
    const houseEdge = page.getByTestId("game-card-dice").getByRole("button", { name: /House edge/ });
    // Scrolled into view first: a tooltip closes when the page scrolls under it, and focus() scrolls.
    await houseEdge.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await houseEdge.focus();
    await page
      .getByTestId("tooltip")
      .filter({ hasText: "share of every bet" })
      .first()
      .waitFor({ timeout: 10_000 });
  });
});

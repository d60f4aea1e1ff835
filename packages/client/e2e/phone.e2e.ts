import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./fixtures.ts";
import { overflowBeyondScreen, SCREENSHOT_DIR, waitForWallet } from "./harness.ts";
import { GAMES, playRound } from "./rounds.ts";

/** Where the phone screenshots go (PHONE_SHOTS_DIR, or the test artifacts). */
const SHOTS_DIR = process.env.PHONE_SHOTS_DIR ?? join(SCREENSHOT_DIR, "phone");

/** The screens besides the games that must fit a phone's width. */
const SCREENS = [
  "/welcome",
  "/cashier",
  "/history",
  "/verify",
  "/leaderboards",
  "/profile",
  "/responsible-gaming",
  "/poker",
  "/security",
];

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

/** Where the parts a player needs mid-round are, with the page scrolled to its top. */
type PhoneLayout = {
  overflowX: number;
  headerHeight: number;
  result: { top: number; bottom: number } | null;
  action: { top: number; bottom: number; height: number } | null;
  viewportHeight: number;
};

/** Measures the page as the player sees it now, scrolled to its top. */
async function measureLayout(page: Page): Promise<PhoneLayout> {
  const layout = await page.evaluate(() => {
    window.scrollTo(0, 0);
    const box = (selector: string) => {
      const rect = document.querySelector(selector)?.getBoundingClientRect();
      return rect ? { top: rect.top, bottom: rect.bottom, height: rect.height } : null;
    };
    return {
      headerHeight: document.querySelector(".site-header")?.getBoundingClientRect().height ?? 0,
      result: box('[data-testid="result-box"]'),
      // The docked controls: the bet button itself, or the bar it shares with its neighbours.
      action: box(
        ".game-table > .panel > .main-action, .game-table > .panel > :is(.slots-actions, .hilo-actions, .bj-actions)",
      ),
      viewportHeight: window.innerHeight,
    };
  });
  return { ...layout, overflowX: await overflowBeyondScreen(page) };
}

describe("phone layouts", () => {
  for (const phone of PHONES) {
    test(`at ${phone.width}x${phone.height} every game shows its result and its bet button together`, async ({
      profiles,
    }) => {
      await mkdir(SHOTS_DIR, { recursive: true });
      const context = await profiles.open({ viewport: phone, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto(`${profiles.casino.url}/`);
      await waitForWallet(page);
      const lobby = await measureLayout(page);
      expect(lobby.overflowX, "the lobby fits the width").toBeLessThanOrEqual(0);
      expect(lobby.headerHeight, "the header is one row").toBeLessThan(64);
      for (const path of SCREENS) {
        await page.goto(`${profiles.casino.url}${path}`);
        await page.waitForLoadState("networkidle");
        expect((await measureLayout(page)).overflowX, `${path} fits the width`).toBeLessThanOrEqual(0);
      }
      for (const game of GAMES) {
        await playRound(page, profiles.casino.url, game, async () => {
          const layout = await measureLayout(page);
          await page.screenshot({ path: join(SHOTS_DIR, `${game}-${phone.width}x${phone.height}.png`) });
          expect(layout.overflowX, `${game} fits the width`).toBeLessThanOrEqual(0);
          const { result, action } = layout;
          expect(result && action, `${game} has a result box and a bet button`).toBeTruthy();
          if (!result || !action) return;
          expect(action.bottom, `${game}: the bet button is on screen`).toBeLessThanOrEqual(
            layout.viewportHeight,
          );
          expect(action.height, `${game}: the bet button is thumb-sized`).toBeGreaterThanOrEqual(44);
          expect(action.top, `${game}: the bet button is below the header`).toBeGreaterThan(
            layout.headerHeight,
          );
          expect(result.top, `${game}: the result is on screen`).toBeGreaterThanOrEqual(0);
          expect(result.bottom, `${game}: the result is not under the bet button`).toBeLessThanOrEqual(
            action.top,
          );
        });
      }
    }, 240_000);
  }
});

/**
 * The money screens at a laptop's 1280x800 and a phone's 390x844, kept as screenshots: the header,
 * a plinko loss (a 0.2x slot), /history with an open blackjack hand, /profile and the live feed.
 * Each shot also checks what it shows: exact figures, the loss named a loss, the open round open,
 * and the feed's payout and multiplier visible without clipping.
 */
import { dropPlinko, type FloatStream, startBlackjack } from "@casino/protocol";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { test } from "./fixtures.ts";
import { arrangeRound, type GamePlayer, openGame, waitForRoom } from "./games-harness.ts";
import { saveScreenshot } from "./harness.ts";

const SIZES = [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "390", viewport: { width: 390, height: 844 } },
] as const;
const SHOTS = process.env.SHOTS_DIR;

const player = {} as GamePlayer;
test.beforeAll(async ({ profiles }) => {
  Object.assign(player, await openGame(profiles, "plinko"));
  await player.page.evaluate(() => localStorage.setItem("casino.instantMode", "true"));
});

/** Saves the page at both sizes (also into SHOTS_DIR when set), running `check` at each. */
async function shootBoth(
  page: Page,
  name: string,
  check: () => Promise<void>,
  focus?: Locator,
): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size.viewport);
    await page.waitForTimeout(300);
    await check();
    await saveScreenshot(page, `money-${name}-${size.name}`);
    await focus?.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png` });
  }
  await page.setViewportSize(SIZES[0].viewport);
}

/** Whether any cell of the feed's visible columns is cut off (its content wider than its box). */
function clippedFeedCells(page: Page): Promise<number> {
  return page.getByTestId("live-bets").evaluate((feed) => {
    const panel = feed.querySelector(".live-bets-panel") as HTMLElement;
    const cells = [...feed.querySelectorAll("td, th")].filter(
      (cell) => (cell as HTMLElement).offsetParent !== null,
    );
    const tableWider = panel.scrollWidth > panel.clientWidth + 1;
    return (
      cells.filter((cell) => cell.scrollWidth > (cell as HTMLElement).clientWidth + 1).length +
      (tableWider ? 1 : 0)
    );
  });
}

describe("money screens at 1280x800 and 390x844", () => {
  it("a plinko 0.2x slot reads as a loss of 80% of the stake, with the header exact", async () => {
    const { page } = player;
    await page.reload();
    await waitForRoom(page);
    await arrangeRound(player, (s: FloatStream) => dropPlinko(10_000_000, "medium", s).multiplier === 0.2);
    await page.getByRole("button", { name: "Bet 10 HC", exact: true }).click();
    await page.getByRole("button", { name: "DROP BALL", exact: true }).click();
    const result = page.getByTestId("result-text");
    await result.filter({ hasText: "Loss of 8 HC: stake 10 HC, payout 2 HC" }).waitFor({ timeout: 10_000 });
    await page.getByTestId("header-hc").getByText("992", { exact: true }).waitFor();
    await shootBoth(
      page,
      "plinko-loss",
      async () => {
        await expect(result.isVisible()).resolves.toBe(true);
        await expect(page.getByTestId("header-hc").isVisible()).resolves.toBe(true);
      },
      result,
    );
    await shootBoth(
      page,
      "feed",
      async () => {
        await page.getByTestId("live-bets").scrollIntoViewIfNeeded();
        await page.getByTestId("live-bet-payout").first().waitFor();
        await expect(page.getByTestId("live-bet-payout").first().isVisible()).resolves.toBe(true);
        await expect(page.getByTestId("live-bet-multiplier").first().isVisible()).resolves.toBe(true);
        expect(await clippedFeedCells(page)).toBe(0);
      },
      page.getByTestId("live-bets"),
    );
  });

  it("the header at both sizes shows the exact balances", async () => {
    const { page } = player;
    await page.goto(`${player.casino.url}/casino`);
    await page.getByTestId("header-hc").filter({ hasText: /^992$/ }).waitFor();
    await shootBoth(page, "header", async () => {
      await expect(page.getByTestId("header-hc").textContent()).resolves.toBe("992");
      await expect(page.getByRole("link", { name: /^HC 992 House Coins balance/ }).count()).resolves.toBe(1);
    });
  });

  it("/history shows an open blackjack hand as open, with a way back to it", async () => {
    const { page } = player;
    await page.goto(`${player.casino.url}/game/blackjack`);
    await waitForRoom(page);
    await arrangeRound(player, (s: FloatStream) => startBlackjack(1_000_000, s).phase === "player");
    await page.getByRole("button", { name: "Bet 1 HC", exact: true }).click();
    await page.getByRole("button", { name: "DEAL CARDS", exact: true }).click();
    await page.getByRole("button", { name: "STAND", exact: true }).waitFor();
    await page.goto(`${player.casino.url}/history`);
    const open = page.locator('[data-testid="bet-row"][data-state="open"]');
    await open.waitFor();
    await expect(open.getByTestId("bet-row-net").textContent()).resolves.toBe("Open: resume");
    await shootBoth(
      page,
      "history-open",
      async () => {
        await expect(open.isVisible()).resolves.toBe(true);
      },
      open,
    );
    await open.getByRole("link", { name: /back to Galaxy Blackjack/ }).click();
    await page.waitForURL(/\/game\/blackjack$/);
    await page.getByRole("button", { name: "STAND", exact: true }).click();
    await page.getByRole("button", { name: "New Game", exact: true }).waitFor();
  });

  it("/profile shows the exact totals", async () => {
    const { page } = player;
    await page.goto(`${player.casino.url}/profile`);
    await page.getByTestId("totals-HC").waitFor();
    await shootBoth(page, "profile", async () => {
      await expect(page.getByTestId("totals-HC").textContent()).resolves.toMatch(/Wagered11 HC/);
    });
  });
});

/**
 * Supernova in the browser: a player bets before the launch, reloads the page and still sees the
 * bet as theirs, cashes out in flight with Space, sees the round in /history, and its Verify link
 * checks the round's chain link and crash point in the browser. Round 1 of this chain crashes at 2.32x (about 14 s of flight). Screenshots at 1280x800
 * and 390x844 (where the bet button and the multiplier must both be on screen).
 */
import { mkdir } from "node:fs/promises";
import { describe, expect } from "vitest";
import { testOnOwnCasino } from "./fixtures.ts";
import { fetchHistory } from "./games-harness.ts";
import { overflowBeyondScreen, saveScreenshot, waitForWallet } from "./harness.ts";

const CHAIN = {
  lastHash: "f4ea3ca920627ca79a4e458bd4526f480e4aafe3d05548544caabe21bcc3d483",
  salt: "9c3bd9be2bdfc40d3f38ab3d552719b7d9bc0f361f15e634f21e7819fc43b5b3",
};

const test = testOnOwnCasino({
  crash: { chainLength: 2000, testChain: CHAIN, bettingMs: 20_000, pauseMs: 2_000 },
});

/** Where the screenshots go besides the artifacts. */
const SHOTS = "/tmp/shots-i32";

/** Saves a screenshot to the artifacts and to SHOTS. */
async function shoot(page: import("playwright-core").Page, name: string): Promise<void> {
  await saveScreenshot(page, name);
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe("Supernova", () => {
  test("bets, cashes out in flight, and verifies the round from the history", async ({ profiles }) => {
    const context = await profiles.open({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${profiles.casino.url}/crash`);
    const wallet = await waitForWallet(page);
    const multiplier = page.getByTestId("crash-multiplier");
    // Round 1's betting window (no round has crashed yet), whose 2.32x the cash-out below counts on:
    // 20 s of it, so the bet, the screenshot and the reload end before the launch on a busy machine.
    await page.getByText(/Launch in \d+ s/).waitFor({ timeout: 30_000 });
    expect(await page.getByRole("link", { name: /^Round \d+ crashed/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Bet", exact: true }).click();
    await page.getByTestId("crash-message").filter({ hasText: "Bet placed" }).waitFor();
    expect(await page.getByTestId("crash-player").count()).toBe(1);
    // The totals line counts the whole round; the player's own row is marked as theirs.
    await page
      .getByTestId("crash-totals")
      .filter({ hasText: /^1 player, .* staked, 0 cashed out/ })
      .waitFor();
    expect(await page.locator(".crash-row-own").count()).toBe(1);
    await shoot(page, "crash-1280-betting");
    // A reload before the launch: the room sends the player's own play on joining.
    await page.reload();
    await page.getByRole("button", { name: "Bet placed" }).waitFor({ timeout: 10_000 });
    expect(await page.locator(".crash-row-own").count()).toBe(1);

    // The launch ends the 20 s window, however early in it the bet and the reload were.
    await page.locator('[data-testid="crash-multiplier"][data-phase="flying"]').waitFor({ timeout: 30_000 });
    // Wait for 1.20x on screen, then cash out with Space.
    await page.waitForFunction(
      () =>
        Number.parseFloat(document.querySelector('[data-testid="crash-multiplier"]')?.textContent ?? "0") >=
        1.2,
      undefined,
      { polling: 100, timeout: 30_000 },
    );
    // Space anywhere on the page (not on a focused control) presses the main button.
    await page.getByRole("heading", { name: /Supernova/ }).click();
    await page.keyboard.press("Space");
    const cashed = await page
      .getByTestId("crash-message")
      .filter({ hasText: /Cashed out at/ })
      .textContent();
    const at = Number(/at (\d+\.\d+)x/.exec(cashed ?? "")?.[1]);
    expect(at).toBeGreaterThanOrEqual(1.2);
    expect(at).toBeLessThan(2.32);
    await shoot(page, "crash-1280-cashed-out");

    // The explosion at 2.32x, then the round is in the history with a Verify link.
    await page.getByText("Exploded at 2.32x").waitFor({ timeout: 30_000 });
    // While flying, the multiplier may read 2.32x too: wait for the crashed one.
    await page.waitForFunction(
      () => {
        const shown = document.querySelector<HTMLElement>('[data-testid="crash-multiplier"]');
        return shown?.dataset.phase === "crashed" && shown.textContent === "2.32x";
      },
      undefined,
      { timeout: 5_000 },
    );
    expect(await multiplier.getAttribute("data-phase")).toBe("crashed");
    await shoot(page, "crash-1280-crashed");
    // The instant replay flies the last round again, faster, up to its crash point.
    await page.getByRole("button", { name: "Replay last round" }).click();
    await page.getByText("Replay of round 1").waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="crash-multiplier"]')?.textContent === "2.32x",
      undefined,
      { timeout: 15_000 },
    );
    const rows = await fetchHistory(page, wallet);
    const crashRow = rows.find((row) => row.gameType === "crash");
    expect(Number(crashRow?.winAmount)).toBeCloseTo(10 * at, 6);

    await page.goto(`${profiles.casino.url}/history`);
    await page
      .locator('[data-testid="bet-row"][data-game="crash"]')
      .getByRole("link", { name: /Verify/ })
      .click();
    await page.waitForURL(/\/verify\?game=crash&currency=HC&round=1/);
    await page.locator('[data-testid="crash-link"][data-ok="true"]').waitFor({ timeout: 30_000 });
    const verdict = page.getByTestId("crash-verdict");
    expect(await verdict.getAttribute("data-ok")).toBe("true");
    expect(await verdict.textContent()).toContain("2.32x");
    await shoot(page, "crash-1280-verify");
  }, 120_000);

  test("fits a 390x844 phone with the bet button and the multiplier on screen", async ({ profiles }) => {
    const context = await profiles.open({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${profiles.casino.url}/crash`);
    await waitForWallet(page);
    await page.getByTestId("crash-multiplier").waitFor();
    const betButton = page.locator(".crash-main");
    await betButton.waitFor();
    const inView = async (box: { y: number; height: number; x: number; width: number } | null) =>
      box !== null && box.y >= 0 && box.y + box.height <= 844 && box.x >= 0 && box.x + box.width <= 390;
    expect(await inView(await page.getByTestId("crash-multiplier").boundingBox())).toBe(true);
    expect(await inView(await betButton.boundingBox())).toBe(true);
    expect(await overflowBeyondScreen(page)).toBeLessThanOrEqual(0);
    await shoot(page, "crash-390");
  }, 60_000);
});

import { PLINKO_MULTIPLIERS } from "@casino/protocol";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectGap, openGameForFile, recordMoments, saveSettledScreenshot } from "./games-harness.ts";

const player = openGameForFile("plinko");

/** Waits until no ball is in flight and no pop-up is left from an earlier drop. */
async function waitForQuietBoard(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="active-balls"]')?.textContent === "Active Balls: 0/5" &&
      document.querySelector('[data-testid="plinko-popup"]') === null,
    undefined,
    { timeout: 15_000 },
  );
}

describe("Quantum Plinko in the browser", () => {
  it("offers Low, Medium and High with their real maximum pays", async () => {
    const risks = await player.page.locator(".plinko-risk").allTextContents();
    expect(risks).toEqual(["Low max 8x", "Medium max 25x", "High max 60x"]);
    await expect(player.page.getByTestId("active-balls").textContent()).resolves.toBe("Active Balls: 0/5");
  });

  it("drops 5 balls at once, refuses a 6th (client and server), and settles them as the server decided", async () => {
    const { page } = player;
    const before = await player.houseUnits();
    await page.getByRole("button", { name: /^High/ }).click();
    await player.chooseChip("10");
    // Six quick clicks, as fast as a player can: the sixth is refused while five balls count.
    await page.getByRole("button", { name: "DROP BALL" }).evaluate((button: HTMLButtonElement) => {
      for (let i = 0; i < 6; i++) button.click();
    });
    await expect(page.getByTestId("game-error").textContent()).resolves.toBe("Maximum 5 balls allowed!");
    await expect(page.getByTestId("active-balls").textContent()).resolves.toBe("Active Balls: 5/5");
    const refused = await player.post("/api/games/plinko", {
      betAmount: 10,
      currency: "HC",
      risk: "high",
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: "plinko/too_many_balls", message: "Maximum 5 balls allowed!" },
    });
    await page.waitForTimeout(1200);
    await saveSettledScreenshot(page, "game-plinko-five-balls");

    await page
      .getByTestId("active-balls")
      .filter({ hasText: "Active Balls: 0/5" })
      .waitFor({ timeout: 15_000 });

    const rows = (await player.history()).filter((row) => row.gameType === "plinko");
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.betAmount).toBe(10);
      const slot = Number(row.outcome.slot);
      expect(row.outcome.multiplier).toBe(PLINKO_MULTIPLIERS.high[slot]);
    }
    const shown = await page.getByTestId("recent-result").allTextContents();
    expect([...shown].sort()).toEqual(rows.map((row) => `${row.outcome.multiplier}x`).sort());
    const won = rows.reduce((sum, row) => sum + Math.round(row.winAmount * 1_000_000), 0);
    expect(await player.houseUnits()).toBe(before - 50_000_000 + won);
    await player.waitForHC(before - 50_000_000 + won);
    await saveSettledScreenshot(page, "game-plinko-results");
  });

  it("a ball falls for its whole flight, then its hit pop-up shows the multiplier and slot for 3 s", async () => {
    const { page } = player;
    await waitForQuietBoard(page);
    const moments = recordMoments(page, [
      { selector: '[data-testid="active-balls"]', matches: "^Active Balls: 1/5$" },
      { selector: '[data-testid="plinko-popup"]', matches: "^\\d+(\\.\\d+)?x Slot \\d+$" },
      { selector: '[data-testid="plinko-popup"]', absent: true },
    ]);
    await page.getByRole("button", { name: "DROP BALL" }).click();
    const [dropped = 0, landed = 0, gone = 0] = await moments;
    expect(landed - dropped, "the flight lasts about 3.6 s").toBeGreaterThan(3300);
    // The page's observer can see the pop-up appear a frame or more late on a busy machine.
    expectGap(gone - landed, "the pop-up stays 3 s", 2500, 3600);
  });

  it("each ball comes to rest in the slot the server chose (read from where the ball lies)", async () => {
    const { page } = player;
    await waitForQuietBoard(page);
    const landed = page.getByTestId("plinko-popup");
    await page.getByRole("button", { name: "DROP BALL" }).click();
    await landed.first().waitFor({ timeout: 8000 });
    const [row] = await player.history();
    await expect(landed.first().getAttribute("data-slot")).resolves.toBe(String(row?.outcome.slot));
    await expect(page.getByTestId("result-text").textContent()).resolves.toContain(
      `Slot ${row?.outcome.slot} (${row?.outcome.multiplier}x).`,
    );
  });

  it("keeps 10 recent results and shows 8", async () => {
    const { page } = player;
    await page.getByRole("button", { name: "DROP BALL" }).evaluate((button: HTMLButtonElement) => {
      for (let i = 0; i < 5; i++) button.click();
    });
    await page
      .getByTestId("active-balls")
      .filter({ hasText: "Active Balls: 0/5" })
      .waitFor({ timeout: 10_000 });
    await expect(page.getByTestId("recent-result").count()).resolves.toBe(8);
  });
});

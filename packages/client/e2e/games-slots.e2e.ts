import { type FloatStream, SLOT_SYMBOLS, type SlotSymbol, spinSlots } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { SYMBOL_NAMES } from "../src/games/slots/symbolNames.ts";
import { expectGap, openGameForFile, recordMoments, saveSettledScreenshot } from "./games-harness.ts";
import { saveScreenshot } from "./harness.ts";

const player = openGameForFile("slots");

/** A base spin that wins without triggering the bonus. */
const plainWin = (s: FloatStream) => {
  const outcome = spinSlots(1_000_000, s);
  return outcome.isWin && !outcome.bonusTriggered;
};

describe("Cosmic Chaos in the browser", () => {
  it("draws a 5x5 grid of the ten symbols and says 5 or more connected symbols win", async () => {
    const { page } = player;
    await expect(page.getByText("5 or more connected symbols win").count()).resolves.toBe(1);
    await expect(page.getByRole("button", { name: "SPIN", exact: true }).isEnabled()).resolves.toBe(true);
    expect(SLOT_SYMBOLS).toHaveLength(10);
    await saveSettledScreenshot(page, "game-slots");
  });

  it("spins for 20 ticks of 100 ms reading SPINNING..., shows the server's grid and lights the win for 2 s", async () => {
    const { page } = player;
    await player.arrange(plainWin);
    await player.chooseChip("10");
    const before = await player.houseUnits();
    const moments = recordMoments(page, [
      { selector: "button.main-action", matches: "^SPINNING\\.\\.\\.$" },
      { selector: '[data-testid="result-text"]', matches: "^(Free spin.*)?(Win|Loss|Push)" },
      { selector: '[data-testid="slots-grid"]', attribute: "data-lit", matches: "^0$" },
    ]);
    await page.getByRole("button", { name: "SPIN", exact: true }).click();
    const [spinning = 0, shown = 0, unlit = 0] = await moments;
    expectGap(shown - spinning, "20 ticks of 100 ms", 1950, 3000);
    expectGap(unlit - shown, "winning clusters stay lit 2 s", 1900, 2600);

    const [row] = await player.history();
    expect(row).toMatchObject({ gameType: "slots", betAmount: 10, currency: "HC" });
    const grid = row?.outcome.grid as SlotSymbol[];
    const shownGrid = await page.locator('[data-testid="slots-grid"] li').allTextContents();
    expect(shownGrid).toEqual(grid.map((symbol) => SYMBOL_NAMES[symbol]));
    const win = Math.round((row?.winAmount ?? 0) * 1_000_000);
    await expect(page.getByTestId("result-text").textContent()).resolves.toContain(
      `stake 10 HC, payout ${row?.winAmount} HC`,
    );
    await player.waitForHC(before - 10_000_000 + win);
  });

  it("lights the winning clusters on the grid", async () => {
    const { page } = player;
    await player.arrange(plainWin);
    await page.getByRole("button", { name: "SPIN", exact: true }).click();
    await page.locator('[data-testid="slots-grid"]:not([data-lit="0"])').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(150);
    await saveScreenshot(page, "game-slots-win");
    await page.locator('[data-testid="slots-grid"][data-lit="0"]').waitFor({ timeout: 5000 });
  });

  it("a losing spin says No win this time!", async () => {
    const { page } = player;
    await player.arrange((s) => {
      const outcome = spinSlots(1_000_000, s);
      return !outcome.isWin && !outcome.bonusTriggered;
    });
    await page.getByRole("button", { name: "SPIN", exact: true }).click();
    await page
      .getByTestId("result-text")
      .filter({ hasText: /^No win this time!/ })
      .waitFor();
    const [row] = await player.history();
    expect(row?.winAmount).toBe(0);
  });

  it("refuses Buy Bonus above the balance: Insufficient balance for bonus!", async () => {
    const { page } = player;
    await player.chooseChip("50");
    await page.getByRole("button", { name: /^Buy Bonus/ }).click();
    await expect(page.getByTestId("game-error").textContent()).resolves.toBe(
      "Insufficient balance for bonus!",
    );
  });

  it("buys the bonus for 100x, shows the banner and FREE SPIN, and spins by itself after 2.5 s", async () => {
    const { page } = player;
    await player.chooseChip("1");
    const before = await player.houseUnits();
    const moments = recordMoments(page, [
      { selector: '[data-testid="free-spins-left"]', matches: "^10 left$" },
      { selector: "button.main-action", matches: "^SPINNING\\.\\.\\.$" },
      { selector: '[data-testid="free-spins-left"]', matches: "^9 left$" },
    ]);
    await page.getByRole("button", { name: /^Buy Bonus/ }).click();
    await page.getByRole("button", { name: "FREE SPIN", exact: true }).waitFor();
    await expect(page.getByTestId("bonus-banner").textContent()).resolves.toMatch(
      /FREE SPINS10 leftMultiplier x3Bonus win 0 HC/,
    );
    await saveSettledScreenshot(page, "game-slots-bonus");
    const [bought = 0, autoSpin = 0] = await moments;
    expectGap(autoSpin - bought, "the automatic spin starts 2.5 s after the purchase", 2400, 3300);

    const [freeSpin, purchase] = await player.history();
    expect(purchase).toMatchObject({ gameType: "slots", betAmount: 100, winAmount: 0 });
    expect(freeSpin).toMatchObject({ gameType: "slots", betAmount: 0 });
    expect(freeSpin?.input).toMatchObject({ freeSpin: { multiplier: 3 } });
    const won = Math.round((freeSpin?.winAmount ?? 0) * 1_000_000);
    await player.waitForHC(before - 100_000_000 + won);

    await page.getByRole("button", { name: "FREE SPIN", exact: true }).click();
    await page.getByTestId("free-spins-left").filter({ hasText: "8 left" }).waitFor({ timeout: 10_000 });
    await saveSettledScreenshot(page, "game-slots-free-spin");
  });
});

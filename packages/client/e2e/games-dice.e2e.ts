import { dieFromFloat } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import {
  expectGap,
  expectInsufficientBalance,
  openGameForFile,
  recordMoments,
  saveSettledScreenshot,
} from "./games-harness.ts";

const player = openGameForFile("dice");

describe("Nebula Dice in the browser", () => {
  it("shows the real multipliers on the bet buttons", async () => {
    const { page } = player;
    await expect(page.getByTestId("dice-bet-low").textContent()).resolves.toBe("LOW 2-62.33x");
    await expect(page.getByTestId("dice-bet-seven").textContent()).resolves.toBe("SEVEN 75.83x");
    await expect(page.getByTestId("dice-bet-high").textContent()).resolves.toBe("HIGH 8-122.33x");
    await expect(page.getByRole("button", { name: "ROLL DICE" }).isDisabled()).resolves.toBe(true);
    await saveSettledScreenshot(page, "game-dice-idle");
  });

  it("plays a winning SEVEN: 1.5 s of rolling faces, the server's dice, history and header agree", async () => {
    const { page } = player;
    await player.arrange((s) => dieFromFloat(s.next()) + dieFromFloat(s.next()) === 7);
    const before = await player.houseUnits();
    await player.chooseChip("10");
    await page.getByTestId("dice-bet-seven").click();
    await expect(page.getByTestId("dice-selected").textContent()).resolves.toBe("Selected: SEVEN pays 5.83x");
    const moments = recordMoments(page, [
      { selector: "button.main-action", matches: "^ROLLING\\.\\.\\.$" },
      { selector: '[data-testid="result-text"]', matches: "^Total 7" },
    ]);
    await page.getByRole("button", { name: "ROLL DICE" }).click();
    const [rolling = 0, shown = 0] = await moments;
    expectGap(shown - rolling, "the faces roll for 1.5 s before the result", 1400, 2500);
    await expect(page.getByTestId("dice-bet-seven").getAttribute("aria-pressed")).resolves.toBe("true");

    const [row] = await player.history();
    expect(row).toMatchObject({ gameType: "dice", betAmount: 10, winAmount: 58.32, currency: "HC" });
    const faces = await page
      .getByTestId("die")
      .evaluateAll((dice) => dice.map((d) => Number(d.getAttribute("data-face"))));
    expect(faces).toEqual([row?.outcome.dice1, row?.outcome.dice2]);
    await expect(page.getByTestId("result-text").textContent()).resolves.toBe(
      "Total 7: your pick wins! Win of 48.32 HC: stake 10 HC, payout 58.32 HC",
    );
    await expect(page.getByTestId("dice-total").textContent()).resolves.toBe("Total: 7");
    expect(await player.houseUnits()).toBe(before - 10_000_000 + 58_320_000);
    await player.waitForHC(before - 10_000_000 + 58_320_000);
    await saveSettledScreenshot(page, "game-dice-win");
  });

  it("a losing roll says No win this time! and takes only the bet", async () => {
    const { page } = player;
    await player.arrange((s) => dieFromFloat(s.next()) + dieFromFloat(s.next()) <= 6);
    const before = await player.houseUnits();
    await player.chooseChip("5");
    await page.getByTestId("dice-bet-high").click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Space");
    await page.getByTestId("result-text").filter({ hasText: "No win this time!" }).waitFor();
    const [row] = await player.history();
    expect(row).toMatchObject({ betAmount: 5, winAmount: 0 });
    await player.waitForHC(before - 5_000_000);
  });

  it("Verify says the seed is secret until it is rotated, then replays the round", async () => {
    const { page } = player;
    await page.getByRole("button", { name: /^Verify round/ }).click();
    const verdict = page.getByTestId("verify-verdict");
    await expect(verdict.getAttribute("data-kind")).resolves.toBe("unrevealed");
    await expect(verdict.textContent()).resolves.toContain("still secret");
    expect((await player.post("/api/game-seeds/new-server-seed", {})).status).toBe(200);
    await page.getByRole("button", { name: /^Verify round/ }).click();
    await page.locator('[data-testid="verify-verdict"][data-kind="match"]').waitFor();
    await saveSettledScreenshot(page, "game-dice-verified");
  });

  it("disables the roll, with the reason, while the balance is below the minimum bet", async () => {
    const { page } = player;
    await page.getByTestId("dice-bet-low").click();
    await expectInsufficientBalance(page, page.getByRole("button", { name: "ROLL DICE" }));
  });
});

describe("the shared bet panel", () => {
  it("accepts only valid typed amounts and applies 1/2, 2x, Max and the chips", async () => {
    const { page } = player;
    const input = page.getByTestId("bet-input");
    await input.fill("150");
    await expect(page.getByTestId("bet-input-error").textContent()).resolves.toContain("maximum bet");
    await input.fill("2.5");
    await expect(page.getByTestId("bet-input-error").textContent()).resolves.toContain("steps of 1");
    await input.fill("40");
    await expect(page.getByTestId("bet-input-error").count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Double the bet" }).click();
    await expect(input.inputValue()).resolves.toBe("80");
    await page.getByRole("button", { name: "Double the bet" }).click();
    await expect(input.inputValue(), "2x is capped at 100 HC").resolves.toBe("100");
    await page.getByRole("button", { name: "Halve the bet" }).click();
    await expect(input.inputValue()).resolves.toBe("50");
    await player.chooseChip("1");
    await page.getByRole("button", { name: "Halve the bet" }).click();
    await expect(input.inputValue(), "1/2 never goes below the minimum").resolves.toBe("1");
    await page.getByRole("button", { name: "Bet the maximum" }).click();
    await expect(input.inputValue()).resolves.toBe("100");
    await expect(page.getByTestId("bet-available").textContent()).resolves.toMatch(/^Available: [\d,.]+ HC/);

    await page.getByLabel("Currency").selectOption("AMINA");
    await expect(page.getByTestId("bet-active-currency").textContent()).resolves.toBe("AMINA");
    await expect(input.getAttribute("step")).resolves.toBe("0.001");
    await expect(
      page.getByRole("button", { name: "Bet 0.001 AMINA" }).isDisabled(),
      "chips above the balance are disabled",
    ).resolves.toBe(true);
    await page.getByLabel("Currency").selectOption("HC");
    await saveSettledScreenshot(page, "game-dice-bet-panel");
  });
});

import { describe, expect } from "vitest";
import { test } from "./fixtures.ts";
import { chooseChip, waitForRoom } from "./games-harness.ts";
import { saveScreenshot } from "./harness.ts";

describe("Responsible gaming in the browser", () => {
  test("a loss limit set on the screen refuses a bet with its message; a raise shows as pending", async ({
    profiles,
  }) => {
    const { page, context } = await profiles.visit("/cashier");
    await page.getByRole("link", { name: "Responsible gaming" }).click();
    await page.getByRole("heading", { name: "Responsible gaming", level: 1 }).waitFor();
    await expect(page.getByText(/calendar periods in UTC/).count()).resolves.toBe(1);

    const daily = page.getByLabel("Daily loss limit (HC)");
    await daily.fill("5");
    await page.getByRole("button", { name: "Save HC limits" }).click();
    await page.getByText("Saved. Lower limits apply now").waitFor();
    // The field shows the saved limit once the save has cleared what was typed (a render after the
    // saved limits themselves): poll for it rather than read it the moment the limits appear.
    await expect.poll(() => daily.inputValue()).toBe("5");

    await daily.fill("50");
    await page.getByRole("button", { name: "Save HC limits" }).click();
    await page.getByTestId("rg-pending").filter({ hasText: "Pending: 50 from" }).waitFor();
    await expect.poll(() => daily.inputValue()).toBe("5");
    await saveScreenshot(page, "responsible-limits-desktop");

    const phone = await profiles.open({ viewport: { width: 390, height: 844 } });
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    await phonePage.addInitScript(
      (entries) => {
        for (const [key, value] of entries) localStorage.setItem(key, value);
      },
      await page.evaluate(() => Object.entries(localStorage)),
    );
    await phonePage.goto(`${profiles.casino.url}/responsible-gaming`);
    await phonePage.getByTestId("rg-pending").first().waitFor({ timeout: 15_000 });
    await saveScreenshot(phonePage, "responsible-limits-phone");

    await page.getByLabel("Reality check every (minutes, 5-240)").fill("5");
    await page.getByRole("button", { name: "Save session settings" }).click();
    await page.getByText("Saved. A shorter session limit").waitFor();

    await page.goto(`${profiles.casino.url}/game/dice`);
    await waitForRoom(page);
    await chooseChip(page, "10");
    await page.getByTestId("dice-bet-low").click();
    await page.getByRole("button", { name: "ROLL DICE" }).click();
    const error = page.getByTestId("game-error");
    await error.waitFor();
    await expect(error.textContent()).resolves.toContain(
      "This would pass your daily loss limit of 5 HC: 5 HC left in this period",
    );
    // The HC limit's refusal is about HC: switching to AMINA clears it, and it does not come back.
    await page.getByLabel("Currency").selectOption("AMINA");
    await error.waitFor({ state: "detached" });
    await page.getByLabel("Currency").selectOption("HC");
    await expect(page.getByTestId("game-error").count()).resolves.toBe(0);
    await chooseChip(page, "1");
    await page.getByTestId("dice-bet-low").click();
    await page.getByRole("button", { name: "ROLL DICE" }).click();
    await page.getByTestId("result-text").waitFor();

    await page.goto(`${profiles.casino.url}/`);
    await page.clock.setSystemTime(Date.now() + 6 * 60_000);
    const reminder = page.getByRole("dialog", { name: "Reality check" });
    await reminder.waitFor({ timeout: 15_000 });
    await expect(reminder.textContent()).resolves.toMatch(
      /You have played for 6 min this session\. Net result: -?[\d.]+ HC, 0 AMINA\./,
    );
    await saveScreenshot(page, "responsible-reality-check");
    await reminder.getByRole("button", { name: "Keep playing" }).click();
    const footerLink = page.locator("footer").getByRole("link", { name: "Responsible gaming" });
    await expect(footerLink.getAttribute("href")).resolves.toBe("/responsible-gaming");
  });
});

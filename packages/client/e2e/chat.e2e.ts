/**
 * The casino chat in the browser: a message typed in one player's lobby (Enter to send) reaches
 * another player's lobby as plain text (HTML shown as text, links not clickable, profanity
 * masked), the input is labelled and the log is a live region, and the panel starts collapsed on
 * a phone; a poker table's screen has its own channel. Screenshots of the lobby chat at desktop
 * and phone widths, and of a table's chat.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { testOnOwnCasino } from "./fixtures.ts";
import { PHONE, SCREENSHOT_DIR, waitForWallet } from "./harness.ts";

const OPERATOR_PASSWORD = "chat-moderator-7";
/** The chat's own casino: the operator password opens the moderation panel. */
const test = testOnOwnCasino({ operator: { password: OPERATOR_PASSWORD } });

/** Bob's lobby, kept for the moderation test. */
let bobPage: Page | undefined;

/** The lobby chat's panel, once its room is live. */
async function liveChat(page: Page) {
  const panel = page.getByTestId("chat-panel");
  await panel.getByTestId("chat-status").filter({ hasText: "Live" }).waitFor({ timeout: 20_000 });
  return panel;
}

/** Saves a screenshot of one element as artifacts/screenshots/{name}.png. */
async function saveElementShot(page: Page, testId: string, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.getByTestId(testId).screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

describe("casino chat", () => {
  test("a message reaches another player as plain text, and the panel fits a phone", async ({ profiles }) => {
    const alice = await profiles.visit("/casino");
    const bob = await profiles.visit("/casino");
    const alicePanel = await liveChat(alice.page);
    const bobPanel = await liveChat(bob.page);
    bobPage = bob.page;

    const input = alicePanel.getByLabel("Message", { exact: true });
    await input.fill('<img src=x onerror="window.hacked=1"> <b>hi</b> see https://evil.test you shit');
    await input.press("Enter");
    await expect.poll(() => input.inputValue()).toBe("");

    const line = bobPanel.locator(".chat-line").filter({ hasText: "<b>hi</b>" });
    await line.waitFor({ timeout: 10_000 });
    expect(await line.locator(".chat-text").textContent()).toBe(
      '<img src=x onerror="window.hacked=1"> <b>hi</b> see https://evil.test you ****',
    );
    expect(await bobPanel.locator(".chat-log img, .chat-log b, .chat-log a").count()).toBe(0);
    expect(await bob.page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    expect(await bobPanel.getByRole("log").getAttribute("aria-live")).toBe("polite");
    expect(await line.locator(".chat-name").textContent()).toMatch(/^cosmic_/);
    expect(await line.textContent()).not.toContain(alice.wallet);

    await alicePanel.getByLabel("Message", { exact: true }).fill("Good luck at the tables, explorers!");
    await alicePanel.getByRole("button", { name: "Send" }).click();
    await bobPanel.locator(".chat-line").filter({ hasText: "explorers" }).waitFor();
    await saveElementShot(bob.page, "chat-panel", "chat-lobby-desktop");
    const phone = await profiles.open(PHONE);
    const page = await phone.newPage();
    await page.goto(`${profiles.casino.url}/casino`);
    await waitForWallet(page);
    const phonePanel = await liveChat(page);
    const toggle = phonePanel.getByRole("button", { name: "Show" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await phonePanel.locator(".chat-line").filter({ hasText: "explorers" }).waitFor();
    await phonePanel.scrollIntoViewIfNeeded();
    await saveElementShot(page, "chat-panel", "chat-lobby-phone");
  });

  test("a poker table has a channel of its own beside the table", async ({ profiles }) => {
    const { page } = await profiles.visit("/poker?table=house-alpha");
    await page.getByTestId("poker-table-screen").waitFor({ timeout: 20_000 });
    const panel = await liveChat(page);
    expect(await panel.getByRole("heading").textContent()).toBe("Table chat");
    expect(await panel.locator(".chat-line").filter({ hasText: "explorers" }).count()).toBe(0);
    await panel.getByLabel("Message", { exact: true }).fill("nice hand");
    await panel.getByLabel("Message", { exact: true }).press("Enter");
    await panel.locator(".chat-line").filter({ hasText: "nice hand" }).waitFor();
    await saveElementShot(page, "chat-panel", "chat-table-desktop");
  });

  test("the operator mutes a player from the security dashboard, who is told until when", async ({
    profiles,
  }) => {
    if (!bobPage) throw new Error("the first test keeps bob's lobby");
    const bobPanel = await liveChat(bobPage);
    await bobPanel.getByLabel("Message", { exact: true }).fill("spam spam spam");
    await bobPanel.getByLabel("Message", { exact: true }).press("Enter");
    await bobPanel.locator(".chat-line").filter({ hasText: "spam spam spam" }).waitFor();

    const { page } = await profiles.openPage("/security");
    await page.getByLabel("Dashboard password").fill(OPERATOR_PASSWORD);
    await page.getByRole("button", { name: "Unlock" }).click();
    const line = page
      .getByTestId("chat-moderation-messages")
      .locator("li")
      .filter({ hasText: "spam spam spam" });
    await line.waitFor({ timeout: 15_000 });
    await line.getByRole("button", { name: "Mute" }).click();
    await page.getByTestId("chat-moderation-sanctions").getByText("muted until").waitFor({ timeout: 10_000 });
    await page.getByRole("heading", { name: "Chat moderation" }).scrollIntoViewIfNeeded();
    await saveElementShot(page, "chat-moderation", "chat-moderation-desktop");

    await bobPanel.getByLabel("Message", { exact: true }).fill("am I muted?");
    await bobPanel.getByLabel("Message", { exact: true }).press("Enter");
    await bobPanel
      .getByRole("alert")
      .filter({ hasText: /^You are muted until .+ UTC$/ })
      .waitFor();
  });
});

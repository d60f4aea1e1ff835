import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Profiles, testOnOwnCasino } from "./fixtures.ts";
import { PHONE, saveScreenshot, settledHeaderHC, waitForToast } from "./harness.ts";

/** Fast tables: quick bots, short turns, hands dealt at once; the player busts or wins within seconds. */
const test = testOnOwnCasino({
  poker: {
    autoStartDelayMs: 50,
    actionTimeoutMs: 1500,
    timeBankMs: 0,
    botDelayMs: [30, 80],
    botEquityTrials: 20,
    runoutDelayMs: 50,
  },
});

const POLL = { timeout: 10_000 };

let profiles: Profiles;

test.beforeAll(async ({ profiles: opened }) => {
  profiles = opened;
  // Levels of 2 s; bots after 4 s of waiting (time enough to unregister first).
  await opened.casino.services.tournaments.configure({ levelMs: 2000, botFillMs: 4000, tickMs: 100 });
});

/** The House 6-max card of the Sit & Go lobby, once listed as registering. */
async function openHouseSixMax(page: Page) {
  await page.getByRole("tab", { name: "Sit & Go" }).click();
  const card = page.getByTestId("sng-hc-6max").filter({ hasText: "Registering" });
  await card.waitFor({ timeout: 10_000 });
  return card;
}

/** Shoves whenever the action bar is up (calls when all-in is not offered) until the finish is known. */
async function shoveUntilFinished(page: Page, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const finish = page.getByTestId("sng-finish");
  while (Date.now() < deadline) {
    if (await finish.isVisible()) return;
    const bar = page.getByTestId("action-bar");
    try {
      if (await bar.isVisible()) {
        const allIn = bar.getByRole("button", { name: "All-In", exact: true });
        if (await allIn.isEnabled()) await allIn.click({ timeout: 1000 });
        else await bar.getByRole("button", { name: /^(Check|Call)/ }).click({ timeout: 1000 });
      }
    } catch {
      // The turn moved on while acting: look again.
    }
    await page.waitForTimeout(150);
  }
  throw new Error("the player's place was not known in time");
}

describe("Sit & Go tournaments", () => {
  it("registers for a House 6-max, plays the table with its level and blinds, and shows place and prize", async () => {
    const { page } = await profiles.visit("/poker");
    const card = await openHouseSixMax(page);
    await expect.poll(() => card.getByTestId("sng-entrants").textContent(), POLL).toBe("0/6");
    await saveScreenshot(page, "tournament-lobby");

    const phone = await (await profiles.open(PHONE)).newPage();
    await phone.goto(`${profiles.casino.url}/poker?lobby=sng`);
    await phone.getByTestId("sng-hc-6max").first().waitFor({ timeout: 15_000 });
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await saveScreenshot(phone, "tournament-lobby-phone");

    // Register and unregister: 10 + 1 HC out, then back exactly.
    const hc = settledHeaderHC(page);
    const readHc = async () => Number(((await hc.textContent()) ?? "").replace(/,/g, ""));
    const before = await readHc();
    await card.getByRole("button", { name: "Register for HC Sit & Go 6-Max" }).click();
    expect(await waitForToast(page, "Registered")).toContain("10 + 1 HC");
    await expect.poll(readHc, POLL).toBe(before - 11);
    await card.getByRole("button", { name: "Unregister from HC Sit & Go 6-Max" }).click();
    expect(await waitForToast(page, "Unregistered")).toContain("refunded");
    await expect.poll(readHc, POLL).toBe(before);

    // Register again: bots fill the seats after the wait and the lobby takes the player to the table.
    await card.getByRole("button", { name: "Register for HC Sit & Go 6-Max" }).click();
    await waitForToast(page, "Registered");
    await page.getByTestId("poker-table-screen").waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get("table")).toMatch(/^sng-/);

    const bar = page.getByTestId("sng-bar");
    await bar.getByTestId("sng-level").waitFor({ timeout: 10_000 });
    expect(await bar.getByTestId("sng-blinds").textContent()).toMatch(/^\d+\/\d+$/);
    expect(await bar.getByTestId("sng-players-left").textContent()).toMatch(/^\d\/6$/);
    expect(await bar.getByTestId("sng-next-level").textContent()).toMatch(/^\d:\d\d$|Last level/);
    expect(await page.getByRole("button", { name: "Leave Table" }).count()).toBe(0);
    await page.locator(".poker-seat.is-me").waitFor({ timeout: 10_000 });
    await saveScreenshot(page, "tournament-table");

    // How long a Sit & Go lasts depends on the cards: most end within 40 s here, a few take longer.
    await shoveUntilFinished(page, 80_000);
    const finish = page.getByTestId("sng-finish");
    expect(await finish.getByTestId("sng-finish-place").textContent()).toMatch(/^[1-6](st|nd|rd|th) of 6$/);
    expect(await finish.getByTestId("sng-finish-prize").textContent()).toMatch(/^\d+ HC$|No prize this time/);
    await saveScreenshot(page, "tournament-finish");

    await finish.getByRole("button", { name: "Back to lobby" }).click();
    await page.getByTestId("sng-lobby").waitFor();
  }, 130_000);

  it("tells a player on a cool-off that registration is refused, and charges nothing", async () => {
    const { page } = await profiles.visit("/poker");
    const paused = await page.evaluate(async () => {
      const answer = await fetch("/api/cool-off", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ hours: 24 }),
      });
      return answer.status;
    });
    expect(paused).toBe(200);
    const card = await openHouseSixMax(page);
    const hc = settledHeaderHC(page);
    const readHc = async () => Number(((await hc.textContent()) ?? "").replace(/,/g, ""));
    const before = await readHc();
    await card.getByRole("button", { name: "Register for HC Sit & Go 6-Max" }).click();
    const toast = await waitForToast(page, "Registration failed");
    expect(toast).toMatch(/You are on a cool-off until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(toast).not.toMatch(/\b403\b|limits\//);
    await saveScreenshot(page, "tournament-register-cool-off");
    expect(await readHc()).toBe(before);
    expect(await card.getByTestId("sng-entrants").textContent()).toBe("0/6");
  }, 60_000);
});

import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { ABANDONED_ROUND_TIMEOUT_MS, createAbandonedRoundSettler } from "../../server/src/games/abandoned.ts";
import { createClient } from "../../server/src/http/test-helpers.ts";
import { testOnOwnCasino } from "./fixtures.ts";
import { waitForRoom } from "./games-harness.ts";
import { type TestCasino, waitForToast, waitForWallet } from "./harness.ts";

const PASSWORD = "orbit-control-7";
const SHOTS = "/tmp/shots-i27b";
const test = testOnOwnCasino({ operator: { password: PASSWORD } });

let casino: TestCasino;
let operatorToken = "";

test.beforeAll(async ({ profiles }) => {
  casino = profiles.casino;
  const login = await createClient(casino.url).post("/api/security/login", { password: PASSWORD });
  operatorToken = login.body.token as string;
});

/** Flips the operator's maintenance switch through the dashboard's API. */
async function switchMaintenance(enable: boolean): Promise<void> {
  const answer = await createClient(casino.url).request("POST", "/api/security/emergency-domain-fix", {
    body: { domain: "casino.example", enable },
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(answer.body.maintenance).toBe(enable);
}

/** The banner's text once it shows what `match` expects (pushed: no reload, no bet placed). */
async function waitForBanner(page: Page, match: RegExp): Promise<string> {
  const banner = page.getByTestId("play-pause-banner");
  await banner.getByText(match).waitFor({ timeout: 15_000 });
  return (await banner.textContent()) ?? "";
}

describe("paused play shown before the click", () => {
  test("maintenance appears on open pages and goes away, without a reload or a bet", async ({ profiles }) => {
    const { page } = await profiles.visit("/game/dice");
    const phone = await profiles.open({ viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    await phonePage.goto(`${casino.url}/game/dice`);
    await waitForWallet(phonePage);
    await waitForRoom(page);
    await page.getByTestId("dice-bet-low").click();
    const roll = page.getByRole("button", { name: "ROLL DICE" });
    await expect(roll.isEnabled()).resolves.toBe(true);
    await expect(page.getByTestId("play-pause-banner").count()).resolves.toBe(0);
    let bets = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/games/")) bets += 1;
    });

    await switchMaintenance(true);
    const text = await waitForBanner(page, /maintenance/);
    expect(text).toBe("The casino is in maintenance: new bets are paused");
    await waitForBanner(phonePage, /maintenance/);
    await expect(roll.isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId("bet-block").textContent()).resolves.toBe(text);
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/banner-maintenance-1280x800.png` });
    await phonePage.screenshot({ path: `${SHOTS}/banner-maintenance-390x844.png` });

    await switchMaintenance(false);
    await page.waitForFunction(
      () => document.querySelector("[data-testid=play-pause-banner]") === null,
      undefined,
      {
        timeout: 15_000,
      },
    );
    await expect(roll.isEnabled()).resolves.toBe(true);
    expect(bets).toBe(0);
  });

  test("a cool-off started in another tab shows at once, and stays with the browser's new demo identity", async ({
    profiles,
  }) => {
    const { context, page, wallet } = await profiles.visit("/game/dice");
    await waitForRoom(page);
    const other = await context.newPage();
    await other.goto(`${casino.url}/responsible-gaming`);
    await waitForWallet(other);
    const started = await other.evaluate(() =>
      fetch("/api/cool-off", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ hours: 24 }),
      }).then((answer) => answer.json()),
    );
    const until = `${String(started.exclusion.until).slice(0, 16).replace("T", " ")} UTC`;
    const text = await waitForBanner(page, /cool-off/);
    expect(text).toBe(`You are on a cool-off until ${until}: bets, buy-ins and deposits are paused`);
    await page.getByTestId("dice-bet-low").click();
    await expect(page.getByRole("button", { name: "ROLL DICE" }).isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: `${SHOTS}/banner-cool-off-1280x800.png` });

    // A new demo identity from the same browser starts cooled off too.
    await page.getByTestId("wallet-button").click();
    await page.getByRole("button", { name: "Use a new demo identity" }).click();
    await page.getByRole("button", { name: "Yes, use a new identity" }).click();
    await waitForToast(page, "Wallet Connected!");
    const fresh = await page.evaluate(() => localStorage.getItem("walletAddress"));
    expect(fresh).not.toBe(wallet);
    const limits = await page.evaluate(() => fetch("/api/limits").then((answer) => answer.json()));
    expect(limits.exclusion).toEqual(started.exclusion);
    await page.reload();
    await expect(waitForBanner(page, /cool-off/)).resolves.toBe(text);
  });

  test("a round left open and settled by the server is announced on any page and marked in the history", async ({
    profiles,
  }) => {
    const { page } = await profiles.visit("/casino");
    const started = await page.evaluate(() =>
      fetch("/api/games/hilo/start", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ bet: 10, currency: "HC" }),
      }).then((answer) => answer.status),
    );
    expect(started).toBe(200);
    // The notice goes to the feed room's open connections: wait until this page holds one.
    await page.locator('[data-testid="online-count"][data-live="true"]').waitFor();
    const settler = createAbandonedRoundSettler({
      services: casino.services,
      events: casino.services.games.events,
      now: () => Date.now() + ABANDONED_ROUND_TIMEOUT_MS + 1000,
    });
    expect(await settler.settleOnce()).toBe(1);
    const toast = await waitForToast(page, "Round settled automatically");
    expect(toast).toContain(
      "Your Cosmic Hi-Lo round was left open for 2 minutes, so the casino settled it by the rules: stake 10 HC, paid 9.75 HC, a loss of 0.25 HC.",
    );
    await page.screenshot({ path: `${SHOTS}/round-settled-toast-1280x800.png` });
    await page.goto(`${casino.url}/history`);
    const row = page.locator('[data-testid="bet-row"][data-game="hilo"]');
    await row.getByTestId("auto-settled").waitFor();
    await expect(row.getByTestId("auto-settled").textContent()).resolves.toBe("settled automatically");
  });
});

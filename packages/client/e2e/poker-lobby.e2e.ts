import { messageOf } from "@casino/protocol";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Profiles, testOnOwnCasino } from "./fixtures.ts";
import { saveScreenshot, type TestCasino, waitForWallet } from "./harness.ts";
import { playUntilShowdown } from "./poker-helpers.ts";

const test = testOnOwnCasino({
  poker: { autoStartDelayMs: 120_000, botDelayMs: [100, 300], botEquityTrials: 40, actionTimeoutMs: 20_000 },
});

let profiles: Profiles;
let casino: TestCasino;

test.beforeAll(({ profiles: opened }) => {
  profiles = opened;
  casino = opened.casino;
});

/** A fresh player on the poker lobby, with their demo wallet connected. */
async function openLobby(): Promise<Page> {
  const { page } = await profiles.visit("/poker");
  await page.getByTestId("poker-tables").waitFor();
  return page;
}

describe("poker lobby", () => {
  let watcher: Page;

  it("lists every table with blinds, buy-in range, seats and status; House tables carry the bot note", async () => {
    watcher = await openLobby();
    await watcher.getByTestId("lobby-live").getByText("Live").waitFor({ timeout: 10_000 });
    const rows = watcher.locator("[data-testid^=poker-table-row-]");
    expect(await rows.count()).toBe(5);
    const house = watcher.getByTestId("poker-table-row-house-alpha");
    const houseText = (await house.textContent()) ?? "";
    expect(houseText).toContain("House Table Alpha");
    expect(houseText).toContain("Practice against bots");
    expect(houseText).toContain("5/10");
    expect(houseText).toContain("50 HC");
    expect(houseText).toContain("Waiting");
    expect(await house.getByTestId("seated").textContent()).toBe("0/6");
    const micro = (await watcher.getByTestId("poker-table-row-nebula-amina-micro").textContent()) ?? "";
    expect(micro).toContain("1/2");
    expect(micro).toContain("0.040 - 0.200 AMINA");
    expect(micro).not.toContain("Practice against bots");
    expect(await watcher.getByTestId("poker-table-row-orion-9-max").getByTestId("seated").textContent()).toBe(
      "0/9",
    );
    expect(await watcher.getByRole("button", { name: /^Join Table/ }).count()).toBe(5);
    await watcher.getByRole("heading", { name: "Fast Cashier" }).waitFor();
    expect(await watcher.getByRole("link", { name: "Deposit AMINA" }).getAttribute("href")).toBe("/cashier");
    await saveScreenshot(watcher, "poker-lobby");
  });

  it("opens the AMINA join dialog with the buy-in limits, the casino name as the default and Join disabled above the balance", async () => {
    await watcher.getByRole("button", { name: "Join Table: Nebula AMINA Micro" }).click();
    const dialog = watcher.getByTestId("join-dialog");
    await dialog.waitFor();
    const buyIn = dialog.getByLabel("Buy-in (AMINA)");
    expect(await buyIn.getAttribute("min")).toBe("0.001");
    expect(await buyIn.getAttribute("max")).toBe("1");
    expect(await buyIn.getAttribute("step")).toBe("0.001");
    // 0.01 AMINA is the default, moved into this table's 0.04-0.2 range.
    expect(await buyIn.inputValue()).toBe("0.04");
    // An empty name seats the player under their casino username, shown as the field's placeholder.
    const nameField = dialog.getByLabel("Your name at the table");
    expect(await nameField.inputValue()).toBe("");
    await expect.poll(() => nameField.getAttribute("placeholder")).toMatch(/^cosmic_/);
    const join = dialog.getByRole("button", { name: "Join", exact: true });
    expect(await join.isDisabled()).toBe(true);
    await dialog.getByText(messageOf("poker/insufficient_balance")).waitFor();
    await buyIn.fill("1.5");
    await dialog.getByText("The buy-in is at most 1 AMINA").waitFor();
    await buyIn.fill("0.03");
    await dialog.getByText("This table takes 0.04 to 0.2 AMINA", { exact: true }).waitFor();
    expect(await join.isDisabled()).toBe(true);
    await buyIn.fill("0.04");
    await saveScreenshot(watcher, "poker-join-dialog");
    await watcher.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("seats a single player at a House table for 50 HC, fills it with bots live in the lobby, and plays a hand", async () => {
    const solo = await openLobby();
    await solo.getByTestId("header-hc").getByText("1,000", { exact: true }).waitFor();
    await solo.getByRole("button", { name: "Join Table: House Table Alpha" }).click();
    const dialog = solo.getByTestId("join-dialog");
    await dialog.getByText("fixed buy-in of 50 HC").waitFor();
    await dialog.getByLabel("Your name at the table").fill("Solo");
    await dialog.getByRole("button", { name: "Join", exact: true }).click();
    await solo.getByTestId("poker-table-screen").waitFor();
    expect(new URL(solo.url()).search).toBe("?table=house-alpha");
    await solo.getByTestId("header-hc").getByText("950", { exact: true }).waitFor({ timeout: 10_000 });
    await solo.locator(".poker-avatar.is-bot").nth(2).waitFor({ timeout: 10_000 });
    // The watcher's lobby follows without a reload: one human and three bots.
    await watcher
      .getByTestId("poker-table-row-house-alpha")
      .getByTestId("seated")
      .getByText("4/6")
      .waitFor({ timeout: 10_000 });
    const seats = solo.locator(".poker-seat");
    expect(await seats.count()).toBe(6);
    expect(await solo.locator(".poker-seat.is-me").getAttribute("aria-label")).toMatch(
      /^Seat \d, Solo \(you\), 500 chips/,
    );

    await solo.getByRole("button", { name: "Start Hand" }).click();
    await solo.locator(".poker-seat.is-me .poker-card[data-card]").nth(1).waitFor({ timeout: 10_000 });
    expect(await solo.locator(".poker-seat:not(.is-me) .poker-card[data-card]").count()).toBe(0);
    await saveScreenshot(solo, "poker-house-table");
    await playUntilShowdown([solo]);
    const winners = await solo.getByTestId("poker-winners").textContent();
    expect(winners).toMatch(/wins \d+/);
    await solo
      .getByTestId("table-log")
      .getByText(/ collected \d+ from /)
      .first()
      .waitFor();

    await solo.getByRole("button", { name: "Cashier" }).click();
    const cashier = solo.getByTestId("table-cashier");
    await cashier.getByText("Chips are bought and cashed out only at AMINA tables").waitFor();
    expect(await cashier.getByRole("button", { name: "Buy Chips" }).isDisabled()).toBe(true);
    await solo.keyboard.press("Escape");

    await solo.getByRole("button", { name: "Leave Table" }).click();
    await solo.getByTestId("poker-tables").waitFor();
    await watcher
      .getByTestId("poker-table-row-house-alpha")
      .getByTestId("seated")
      .getByText("0/6")
      .waitFor({ timeout: 15_000 });
  });

  it("shows a 9-max table's nine seats to a visitor who is not seated, with Take a Seat", async () => {
    await watcher.goto(`${casino.url}/poker?table=orion-9-max`);
    await watcher.getByTestId("poker-table-screen").waitFor();
    await watcher.getByTestId("table-connection").getByText("Live").waitFor({ timeout: 10_000 });
    expect(await watcher.locator(".poker-seat").count()).toBe(9);
    expect(await watcher.locator(".poker-seat.is-empty").count()).toBe(9);
    expect(await watcher.locator(".poker-seat").first().getAttribute("aria-label")).toBe("Seat 1, empty");
    await watcher.getByRole("button", { name: "Take a Seat: Orion 9-Max" }).waitFor();
    expect(await watcher.getByRole("button", { name: "Start Hand" }).count()).toBe(0);
    await watcher.goto(`${casino.url}/poker?table=no-such-table`);
    await watcher.getByRole("heading", { name: "Table not found" }).waitFor({ timeout: 10_000 });
  });

  it("keeps working over REST when websockets are blocked: the lobby every 5 s, the table every 2 s", {
    timeout: 180_000,
  }, async () => {
    const context = await profiles.open();
    await context.routeWebSocket(/.*/, (ws) => ws.close());
    const page = await context.newPage();
    await page.goto(`${casino.url}/poker`);
    await waitForWallet(page);
    await page.getByTestId("poker-tables").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("lobby-live").textContent()).toBe("Updating every 5 s");
    await page.getByRole("button", { name: "Join Table: House Table Beta" }).click();
    await page.getByTestId("join-dialog").getByRole("button", { name: "Join", exact: true }).click();
    await page.getByTestId("poker-table-screen").waitFor({ timeout: 15_000 });
    await page
      .getByTestId("table-connection")
      .getByText("Reconnecting (updating every 2 s)")
      .waitFor({ timeout: 15_000 });
    await page.locator(".poker-avatar.is-bot").nth(2).waitFor({ timeout: 15_000 });
    // The box mirrors the server's state, so it changes only once the table has answered.
    await page.getByLabel("Sit out next hand").click();
    await expect.poll(() => page.getByLabel("Sit out next hand").isChecked(), { timeout: 10_000 }).toBe(true);
    await page.getByLabel("Sit out next hand").click();
    await expect
      .poll(() => page.getByLabel("Sit out next hand").isChecked(), { timeout: 10_000 })
      .toBe(false);
    await page.getByRole("button", { name: "Start Hand" }).click();
    await page.locator(".poker-seat.is-me .poker-card[data-card]").nth(1).waitFor({ timeout: 15_000 });
    // Every turn waits for the next 2 s poll, so a hand takes far longer than over a websocket.
    await playUntilShowdown([page], { timeoutMs: 120_000 });
    await page.getByRole("button", { name: "Leave Table" }).click();
    await page.getByTestId("poker-tables").waitFor({ timeout: 15_000 });
  });
});

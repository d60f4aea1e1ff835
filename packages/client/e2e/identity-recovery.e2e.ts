import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Profiles, test } from "./fixtures.ts";
import { saveScreenshot, settledHeaderHC, waitForToast } from "./harness.ts";

/** Where the recovery dialog's screenshots at both sizes are kept for review. */
const SHOTS = "/tmp/shots-i27b";

let profiles: Profiles;

test.beforeAll(({ profiles: opened }) => {
  profiles = opened;
});

/** The header button's text for an address: first 4 and last 4 characters. */
function buttonLabel(address: string): string {
  return `${address.slice(0, 4)}...${address.slice(-4)}`;
}

/** What the API says about the page's own identity: its record and its rounds. */
function readOwnRecord(page: Page, wallet: string) {
  return page.evaluate(async (address) => {
    const user = await fetch(`/api/users/${address}`).then((answer) => answer.json());
    const rounds = await fetch(`/api/game-sessions/${address}`).then((answer) => answer.json());
    return { user, rounds };
  }, wallet);
}

/** Saves the visible viewport (dialogs included) into SHOTS. */
async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe("keeping a demo identity", () => {
  it("copies the recovery key, disconnects after a warning, and restores the identity in a fresh profile", async () => {
    const first = await profiles.open({ viewport: { width: 1280, height: 800 } });
    await first.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await first.newPage();
    await page.goto(`${profiles.casino.url}/casino`);
    await page.waitForFunction(() => localStorage.getItem("walletAddress") !== null);
    const wallet = (await page.evaluate(() => localStorage.getItem("walletAddress"))) ?? "";
    expect(wallet).toMatch(/^DEMO[A-Z0-9]{9}$/);
    // One round, so there is history to keep.
    const roll = await page.evaluate(() =>
      fetch("/api/games/dice", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ betAmount: 3, currency: "HC", betType: "low" }),
      }).then((answer) => answer.status),
    );
    expect(roll).toBe(200);
    const before = await readOwnRecord(page, wallet);
    expect(before.rounds).toHaveLength(1);

    // The header shows the balance after the round (read fresh on load).
    await page.reload();
    const headerBefore = await settledHeaderHC(page).textContent();
    await page.getByTestId("wallet-button").click();
    await page.getByRole("button", { name: "Create recovery key" }).click();
    const keyField = page.getByTestId("recovery-key");
    await keyField.waitFor();
    const shown = await keyField.inputValue();
    expect(shown).toMatch(/^([0-9A-Z]{4}-){7}[0-9A-Z]{4}$/);
    await page.getByRole("button", { name: "Copy key" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
    await shoot(page, "recovery-dialog-1280x800");

    // Disconnect asks first and says what would be lost.
    await page.getByRole("button", { name: "Disconnect", exact: true }).click();
    const leave = page.getByTestId("leave-dialog");
    await leave.waitFor();
    const summary = (await leave.getByTestId("leave-summary").textContent()) ?? "";
    expect(summary).toContain(wallet);
    expect(summary).toContain("without its recovery key it cannot be opened again");
    await expect(leave.getByText(/You created a recovery key on/).count()).resolves.toBe(1);
    await shoot(page, "leave-dialog-1280x800");
    await leave.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("leave-dialog").count()).resolves.toBe(0);
    await expect(page.getByTestId("wallet-button").textContent()).resolves.toBe(buttonLabel(wallet));
    await page.getByRole("button", { name: "Disconnect", exact: true }).click();
    await page.getByRole("button", { name: "Yes, disconnect" }).click();
    await waitForToast(page, "Wallet Disconnected");
    await expect(page.getByTestId("wallet-button").textContent()).resolves.toBe("Connect");
    // No identity, no balance in the header.
    await expect(page.getByTestId("header-hc").count()).resolves.toBe(0);
    await expect(page.getByTestId("header-amina").count()).resolves.toBe(0);

    // A fresh profile restores the identity from the copied key.
    const second = await profiles.visit("/casino");
    expect(second.wallet).not.toBe(wallet);
    await second.page.getByTestId("wallet-button").click();
    await second.page.getByLabel("Recovery key").fill(copied.toLowerCase());
    await second.page.getByRole("button", { name: "Restore identity" }).click();
    await waitForToast(second.page, "Wallet Connected!");
    await expect(second.page.getByTestId("wallet-button").textContent()).resolves.toBe(buttonLabel(wallet));
    const after = await readOwnRecord(second.page, wallet);
    expect(after).toEqual(before);
    await expect(settledHeaderHC(second.page).textContent()).resolves.toBe(headerBefore);
    await second.page.goto(`${profiles.casino.url}/history`);
    await second.page.getByTestId("bet-row").first().waitFor();
    await expect(second.page.getByTestId("bet-row").count()).resolves.toBe(1);
    await saveScreenshot(second.page, "history-restored");
  });

  it("refuses a wrong key with a plain message and keeps the current identity", async () => {
    const { page, wallet } = await profiles.visit("/casino");
    await page.getByTestId("wallet-button").click();
    await page.getByLabel("Recovery key").fill("short");
    await page.getByRole("button", { name: "Restore identity" }).click();
    await expect(page.getByRole("alert").first().textContent()).resolves.toContain("32 letters and digits");
    await page.getByLabel("Recovery key").fill("ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ");
    await page.getByRole("button", { name: "Restore identity" }).click();
    const toast = await waitForToast(page, "Connection Failed");
    expect(toast).toContain("That recovery key does not open any demo identity");
    await expect(page.getByTestId("wallet-button").textContent()).resolves.toBe(buttonLabel(wallet));
  });

  it("shows the recovery key on a phone", async () => {
    const phone = await profiles.open({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(`${profiles.casino.url}/casino`);
    await page.waitForFunction(() => localStorage.getItem("walletAddress") !== null);
    await page.getByTestId("wallet-button").click();
    await page.getByRole("button", { name: "Create recovery key" }).click();
    await page.getByTestId("recovery-key").waitFor();
    const box = await page.getByTestId("recovery-key").boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await shoot(page, "recovery-dialog-390x844");
    await page.getByRole("button", { name: "Disconnect", exact: true }).click();
    await page.getByTestId("leave-dialog").waitFor();
    await shoot(page, "leave-dialog-390x844");
  });
});

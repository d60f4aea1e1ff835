import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { test } from "./fixtures.ts";
import { saveScreenshot, waitForToast } from "./harness.ts";

let page: Page;
let wallet: string;

test.beforeAll(async ({ profiles }) => {
  ({ page, wallet } = await profiles.visit("/cashier"));
});

/** Reads a displayed amount ("1,000", "0.050") as a number. */
async function readAmount(testId: string): Promise<number> {
  return Number(((await page.getByTestId(testId).textContent()) ?? "").replace(/,/g, ""));
}

/** Waits until a displayed amount equals the expected value. */
async function waitForAmount(testId: string, expected: string): Promise<void> {
  await page.getByTestId(testId).getByText(expected, { exact: true }).waitFor({ timeout: 10_000 });
}

describe("cashier", () => {
  it("shows the wallet as first 6 + last 6, both balances and the transactions so far", async () => {
    await expect(page.getByTestId("cashier-wallet").textContent()).resolves.toBe(
      `${wallet.slice(0, 6)}...${wallet.slice(-6)}`,
    );
    await waitForAmount("cashier-amina", "0.000");
    await waitForAmount("cashier-hc", "1,000");
    await expect(page.getByText("Minimum deposit: 0.001 AMINA").isVisible()).resolves.toBe(true);
    const quick = await page
      .getByRole("group", { name: "Quick amounts" })
      .getByRole("button")
      .allInnerTexts();
    expect(quick).toEqual(["0.1", "1", "5"]);
    // A new demo wallet has at most the faucet's grant to its simulated chain wallet.
    await page.locator("[data-testid=transactions-empty], [data-testid=transactions]").first().waitFor();
    const rows = await page.locator(".transaction-type").allInnerTexts();
    expect(rows.filter((type) => type !== "Faucet")).toEqual([]);
    await saveScreenshot(page, "cashier");
  });

  it("disables MAX and the withdraw button while the AMINA balance is zero", async () => {
    await page.getByRole("tab", { name: "Withdraw" }).click();
    await expect(page.getByRole("button", { name: "MAX" }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Withdraw AMINA" }).isDisabled()).resolves.toBe(true);
    await page.getByRole("tab", { name: "Deposit" }).click();
  });

  it("refuses a zero deposit with the Invalid Amount toast", async () => {
    await page.getByLabel("Amount (AMINA)").fill("0");
    await page.getByRole("button", { name: "Deposit AMINA" }).click();
    expect(await waitForToast(page, "Please enter a valid deposit amount")).toContain("Invalid Amount");
  });

  it("shows Deposit Failed when the chain wallet holds less than the deposit", async () => {
    await page.getByRole("button", { name: "5", exact: true }).click();
    await expect(page.getByLabel("Amount (AMINA)").inputValue()).resolves.toBe("5");
    await page.getByRole("button", { name: "Deposit AMINA" }).click();
    const toast = await waitForToast(page, "Failed to process deposit. Please try again.");
    expect(toast).toContain("Deposit Failed");
    await waitForAmount("cashier-amina", "0.000");
  });

  it("deposits from the simulated chain wallet, showing a processing state, and the balances change", async () => {
    await page.getByTestId("chain-amina").getByText(/^\d/).waitFor();
    const chainBefore = await readAmount("chain-amina");
    expect(chainBefore).toBeGreaterThanOrEqual(0.05);
    await page.route("**/api/crypto/deposit", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByLabel("Amount (AMINA)").fill("0.05");
    await page.getByRole("button", { name: "Deposit AMINA" }).click();
    await page.getByRole("button", { name: "Processing..." }).waitFor({ timeout: 2000 });
    await waitForToast(page, "Deposit Successful");
    await page.unroute("**/api/crypto/deposit");
    await waitForAmount("cashier-amina", "0.050");
    await page.getByTestId("header-amina").getByText("0.050", { exact: true }).waitFor();
    await page
      .getByTestId("chain-amina")
      .getByText((chainBefore - 0.05).toFixed(3), { exact: true })
      .waitFor();
    await expect(page.getByLabel("Amount (AMINA)").inputValue()).resolves.toBe("");
    await page.getByTestId("transactions").getByText("Deposit").waitFor();
  });

  it("refuses a withdrawal above the balance with Insufficient Balance", async () => {
    await page.getByRole("tab", { name: "Withdraw" }).click();
    await page.getByLabel("Amount (AMINA)").fill("0.5");
    await page.getByRole("button", { name: "Withdraw AMINA" }).click();
    const toast = await waitForToast(page, "Insufficient Balance");
    expect(toast).toContain("Insufficient Balance");
    expect(toast).toContain("You don't have enough AMINA tokens to withdraw");
    await waitForAmount("cashier-amina", "0.050");
  });

  it("shows Withdrawal Failed when the server refuses", async () => {
    await page.route("**/api/crypto/withdraw", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ code: "ops/maintenance", message: "Maintenance mode" }),
      }),
    );
    await page.getByLabel("Amount (AMINA)").fill("0.01");
    await page.getByRole("button", { name: "Withdraw AMINA" }).click();
    const toast = await waitForToast(page, "Failed to process withdrawal. Please try again.");
    expect(toast).toContain("Withdrawal Failed");
    expect(toast).toContain("Maintenance mode");
    expect(toast).not.toMatch(/\b503\b/);
    await page.unroute("**/api/crypto/withdraw");
    await waitForAmount("cashier-amina", "0.050");
  });

  it("fills 25% / 50% / MAX from the balance and withdraws", async () => {
    await page.getByRole("button", { name: "25%" }).click();
    await expect(page.getByLabel("Amount (AMINA)").inputValue()).resolves.toBe("0.0125");
    await page.getByRole("button", { name: "MAX" }).click();
    await expect(page.getByLabel("Amount (AMINA)").inputValue()).resolves.toBe("0.05");
    await page.getByRole("button", { name: "50%" }).click();
    await expect(page.getByLabel("Amount (AMINA)").inputValue()).resolves.toBe("0.025");
    await page.getByRole("button", { name: "Withdraw AMINA" }).click();
    await waitForToast(page, "Withdrawal Successful");
    await waitForAmount("cashier-amina", "0.025");
    await page.getByTestId("transactions").getByText("Withdrawal").waitFor();
    await saveScreenshot(page, "cashier-after-transfers");
  });

  it("lists the exchanges on the Buy AMINA tab, opening in new tabs", async () => {
    await page.getByRole("tab", { name: "Buy AMINA" }).click();
    const links = page.getByRole("tabpanel").getByRole("link");
    expect(await links.count()).toBe(2);
    expect(await links.first().getAttribute("target")).toBe("_blank");
  });

  it("refills House Coins on Demo Play only below 1000 HC", async () => {
    await page.getByRole("tab", { name: "Demo Play" }).click();
    // At 1000 HC or more the button is disabled, saying why, before any click.
    await expect(page.getByTestId("demo-grant-blocked").textContent()).resolves.toBe(
      "You hold 1000 HC: the refill is for balances below 1000 HC.",
    );
    await expect(page.getByRole("button", { name: "Get 1000 free House Coins" }).isDisabled()).resolves.toBe(
      true,
    );

    // Buying the slots bonus at 1 HC costs exactly 100 HC (its free spins stay unplayed), so the
    // House Coins drop to 900 whatever the luck.
    const hc = await page.evaluate(async (address) => {
      const bought = await fetch("/api/games/slots/buy-bonus", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ betAmount: 1, currency: "HC" }),
      });
      const user = await fetch(`/api/users/${address}`).then((r) => r.json());
      return { status: bought.status, houseBalance: user.houseBalance };
    }, wallet);
    expect(hc).toEqual({ status: 200, houseBalance: "900" });
    await page.getByTestId("demo-grant-blocked").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Get 1000 free House Coins" }).click();
    expect(await waitForToast(page, "You received 1000 free House Coins for demo play")).toContain(
      "House Coins Added!",
    );
    await page.getByTestId("cashier-hc").getByText("1,900").waitFor();
    await saveScreenshot(page, "cashier-demo-play");
  });
});

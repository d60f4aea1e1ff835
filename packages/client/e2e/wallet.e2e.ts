import { describe, expect, it } from "vitest";
import { type Profiles, test } from "./fixtures.ts";
import {
  createTestAccount,
  installTestSigner,
  saveScreenshot,
  settledHeaderHC,
  waitForToast,
  waitForWallet,
} from "./harness.ts";

let profiles: Profiles;

test.beforeAll(({ profiles: opened }) => {
  profiles = opened;
});

/** Header button text for an address: first 4 and last 4 characters. */
function buttonLabel(address: string): string {
  return `${address.slice(0, 4)}...${address.slice(-4)}`;
}

describe("wallet", () => {
  it("gives two browsers two different demo identities, each in the header", async () => {
    const [first, second] = await Promise.all([profiles.visit("/casino"), profiles.visit("/casino")]);
    const { page: pageA, wallet: a } = first;
    const b = second.wallet;
    expect(a).toMatch(/^DEMO[A-Z0-9]{9}$/);
    expect(b).toMatch(/^DEMO[A-Z0-9]{9}$/);
    expect(a).not.toBe(b);
    await expect(pageA.getByTestId("wallet-button").textContent()).resolves.toBe(buttonLabel(a));
    await expect(pageA.evaluate(() => localStorage.getItem("walletConnected"))).resolves.toBe("true");
    await expect(settledHeaderHC(pageA).textContent()).resolves.toBe("1,000");
    await expect(pageA.getByTestId("header-amina").textContent()).resolves.toBe("0.000");

    await pageA.reload();
    await expect(waitForWallet(pageA)).resolves.toBe(a);
    await pageA.getByTestId("wallet-button").getByText(buttonLabel(a)).waitFor();
    await saveScreenshot(pageA, "lobby");
    await first.context.close();
    await second.context.close();
  });

  it("refuses a malformed address with the invalid-format message", async () => {
    const { context, page } = await profiles.visit("/casino");
    await page.getByTestId("wallet-button").click();
    const input = page.getByLabel("Algorand address (58 characters)");
    await input.fill("NOT-A-REAL-ADDRESS");
    await page.getByRole("button", { name: "Connect address" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Invalid wallet address format");

    const account = createTestAccount(9);
    const real = account.addr.toString();
    const badChecksum = `${real.slice(0, 10)}${real[10] === "A" ? "B" : "A"}${real.slice(11)}`;
    await input.fill(badChecksum);
    await page.getByRole("button", { name: "Connect address" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Invalid wallet address format");
    await saveScreenshot(page, "connect-dialog-invalid");
    await context.close();
  });

  it("refuses a real address that its wallet did not sign", async () => {
    const { context, page, wallet: demo } = await profiles.visit("/casino");
    await page.getByTestId("wallet-button").click();
    const address = createTestAccount(5).addr.toString();
    await page.getByLabel("Algorand address (58 characters)").fill(address);
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/users"));
    await page.getByRole("button", { name: "Connect address" }).click();
    expect((await answer).status()).toBe(401);
    const toast = await waitForToast(page, "Connection Failed");
    expect(toast).toContain("Connection Failed");
    expect(toast).toContain("Wallet not verified");
    expect(toast).not.toMatch(/\b401\b/);
    await expect(page.getByTestId("wallet-button").textContent()).resolves.toBe(buttonLabel(demo));
    await context.close();
  });

  it("connects a real address whose challenge the test signer signs, then disconnects and resets", async () => {
    const context = await profiles.open();
    const account = createTestAccount(1);
    const address = account.addr.toString();
    await installTestSigner(context, account);
    const page = await context.newPage();
    await page.goto(`${profiles.casino.url}/casino`);
    await waitForWallet(page);
    await page.getByTestId("wallet-button").click();
    await page.getByLabel("Algorand address (58 characters)").fill(address);
    await saveScreenshot(page, "connect-dialog");
    await page.getByRole("button", { name: "Sign with test signer" }).click();
    await waitForToast(page, "Wallet Connected!");
    await expect(page.getByTestId("wallet-button").textContent()).resolves.toBe(buttonLabel(address));
    await expect(page.evaluate(() => localStorage.getItem("walletAddress"))).resolves.toBe(address);
    const session = await page.evaluate(() => fetch("/api/session").then((response) => response.json()));
    expect(session.walletAddress).toBe(address);

    await page.getByTestId("wallet-button").click();
    await page.getByRole("button", { name: "Disconnect", exact: true }).click();
    const leave = page.getByTestId("leave-dialog");
    await expect(leave.getByTestId("leave-summary").count()).resolves.toBe(0);
    expect(await leave.textContent()).toContain(`You can connect ${address} again`);
    await leave.getByRole("button", { name: "Yes, disconnect" }).click();
    await waitForToast(page, "Wallet Disconnected");
    await expect(page.getByTestId("wallet-button").textContent()).resolves.toBe("Connect");
    // Without an identity the header shows no balance.
    await expect(page.getByTestId("header-amina").count()).resolves.toBe(0);
    await expect(page.getByTestId("header-hc").count()).resolves.toBe(0);
    await expect(
      page.evaluate(() => [localStorage.getItem("walletConnected"), localStorage.getItem("walletAddress")]),
    ).resolves.toEqual([null, null]);
    await expect(page.getByTestId("history-panel").count()).resolves.toBe(0);
    const after = await page.evaluate(() => fetch("/api/session").then((response) => response.json()));
    expect(after.walletAddress).toBeNull();
    await saveScreenshot(page, "lobby-disconnected");

    await page.getByTestId("wallet-button").click();
    await page.getByRole("button", { name: "Use a new demo identity" }).click();
    await waitForToast(page, "Wallet Connected!");
    await expect(page.getByTestId("wallet-button").textContent()).resolves.toMatch(/^DEMO\.\.\./);
    await context.close();
  });
});

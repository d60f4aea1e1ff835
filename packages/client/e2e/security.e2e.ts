import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { connectDemoClient } from "../../server/src/http/test-helpers.ts";
import { testOnOwnCasino } from "./fixtures.ts";
import { saveScreenshot, type TestCasino } from "./harness.ts";

const PASSWORD = "orbit-control-7";
const VAULT_PASSWORD = "deep-vault-9";

const test = testOnOwnCasino({
  operator: {
    password: PASSWORD,
    vaultPassword: VAULT_PASSWORD,
    intervalsMs: { orion: 2000, vega: 2000, lyra: 2000, sirius: 1000 },
  },
});

let casino: TestCasino;
let page: Page;

test.beforeAll(async ({ profiles }) => {
  casino = profiles.casino;
  ({ page } = await profiles.openPage("/security"));
});

/**
 * Clicks and returns the text of the alert the click raises. The alert is accepted the moment it
 * opens: a click whose alert is still open waits on the blocked page and can time out.
 */
async function clickForAlert(click: () => Promise<void>): Promise<string> {
  const dialog = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no alert within 10 s")), 10_000);
    page.once("dialog", (shown) => {
      clearTimeout(timer);
      resolve(shown.message());
      void shown.accept();
    });
  });
  await click();
  return dialog;
}

/** Waits until the (first) element of a test id has a text that satisfies a check; returns the text. */
async function waitForText(testId: string, check: (text: string) => boolean): Promise<string> {
  let text = "";
  for (let i = 0; i < 60; i++) {
    text = ((await page.getByTestId(testId).first().textContent()) ?? "").trim();
    if (check(text)) return text;
    await page.waitForTimeout(250);
  }
  throw new Error(`${testId} stayed at "${text}"`);
}

/** Plays one dice bet as a fresh demo player; returns the HTTP status. */
async function playDiceThroughApi(): Promise<number> {
  const { client } = await connectDemoClient(casino.url);
  return (await client.post("/api/games/dice", { betAmount: 1, currency: "HC", betType: "low" })).status;
}

describe("the /security password gate", () => {
  it("alerts Access Denied on a wrong password and clears the field", async () => {
    const field = page.getByLabel("Dashboard password");
    await field.fill("not-the-password");
    const alert = await clickForAlert(() => page.getByRole("button", { name: "Unlock" }).click());
    expect(alert).toBe("Access Denied - Incorrect Password");
    expect(
      await page.evaluate(() => (document.getElementById("security-password") as HTMLInputElement).value),
    ).toBe("");
    await expect(page.getByTestId("security-gate-notice").textContent()).resolves.toBe(
      "Access Denied - Incorrect Password. Try again.",
    );
    await saveScreenshot(page, "security-gate");
  });

  it("unlocks with the operator password and keeps the token out of storage", async () => {
    await page.getByLabel("Dashboard password").fill(PASSWORD);
    await page.getByRole("button", { name: "Unlock" }).click();
    await waitForText("security-status", (t) => t === "SECURE" || t === "WARNING" || t === "CRITICAL");
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });
});

describe("the live dashboard", () => {
  it("updates a live counter after a bet is played through the API", async () => {
    const before = Number(await waitForText("stat-bets-today", (t) => /^\d+$/.test(t)));
    expect(await playDiceThroughApi()).toBe(200);
    await waitForText("stat-bets-today", (t) => Number(t) === before + 1);
    await waitForText("timeline-bets", (t) => t === `Bets ${before + 1}`);
    await waitForText("persona-sirius-backendLogs", (t) => Number(t) >= 1);
    const events = page.getByTestId("security-event");
    await expect(events.first().textContent()).resolves.toMatch(/\w/);
    expect(await page.getByText("operator login failed").count()).toBeGreaterThan(0);
    await saveScreenshot(page, "security-dashboard");
  });

  it("opens the vault only with its own password, naming who may open it otherwise", async () => {
    await page.getByPlaceholder("Vault password").fill("wrong-vault");
    const alert = await clickForAlert(() => page.getByRole("button", { name: "Open vault" }).click());
    expect(alert).toBe("Access denied: only Sirius may open the vault");
    await page.getByPlaceholder("Vault password").fill(VAULT_PASSWORD);
    await page.getByRole("button", { name: "Open vault" }).click();
    await page.getByTestId("vault-contents").waitFor({ timeout: 10_000 });
    await expect(page.getByTestId("vault-database").textContent()).resolves.toMatch(/^connected \(/);
    await expect(page.getByTestId("vault-sessions-today").textContent()).resolves.toBe("1");
    await page.getByTestId("vault-contents").scrollIntoViewIfNeeded();
    await saveScreenshot(page, "security-vault");
  });

  it("shows the event-loop delay and the bookkeeper's runs, and runs a full ledger check on demand", async () => {
    await waitForText("ops-loop-delay", (t) => /^p50 [\d.]+ ms · p99 [\d.]+ ms · max [\d.]+ ms$/.test(t));
    await waitForText("ops-ledger-last-run", (t) => t.startsWith("balanced · "));
    await page.getByTestId("ops-full-check-start").click();
    await waitForText("ops-full-check", (t) => t.startsWith("balanced · "));
    await page.getByTestId("ops-full-check").scrollIntoViewIfNeeded();
    await saveScreenshot(page, "security-operations");
  });

  it("switches maintenance mode on (bets refused) and off (play restored)", async () => {
    const toggle = page.getByRole("switch", { name: "Maintenance mode" });
    await expect(toggle.getAttribute("aria-checked")).resolves.toBe("false");
    await toggle.click();
    await waitForText("maintenance-state", (t) => t.startsWith("ON"));
    await expect(toggle.getAttribute("aria-checked")).resolves.toBe("true");
    expect(await playDiceThroughApi()).toBe(503);
    await saveScreenshot(page, "security-maintenance-on");
    await toggle.click();
    await waitForText("maintenance-state", (t) => t.startsWith("OFF"));
    expect(await playDiceThroughApi()).toBe(200);
    await waitForText("security-event", (t) => t.includes("maintenance mode off"));
  });

  it("locks again on Lock and after a reload (the token lives in memory only)", async () => {
    await page.getByRole("button", { name: "Lock" }).click();
    await page.getByLabel("Dashboard password").waitFor();
    await page.reload();
    await page.getByLabel("Dashboard password").waitFor();
  });
});

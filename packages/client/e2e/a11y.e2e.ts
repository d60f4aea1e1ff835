import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { type AxeFinding, auditSerious, type SetAside } from "./axe.ts";
import { testOnOwnCasino } from "./fixtures.ts";
import { waitForWallet } from "./harness.ts";
import { GAMES, sitAtHouseTable } from "./rounds.ts";

const PASSWORD = "orbit-control-7";
const VAULT_PASSWORD = "deep-vault-9";
const test = testOnOwnCasino({ operator: { password: PASSWORD, vaultPassword: VAULT_PASSWORD } });

/** Screens drawn once their heading is. */
const HEADED = ["/history", "/verify", "/leaderboards", "/profile", "/responsible-gaming", "/poker"];

/** Every screen a player or the operator can open, with what shows it is drawn. */
const SCREENS: { path: string; ready: string }[] = [
  { path: "/welcome", ready: "main, h1" },
  { path: "/", ready: '[data-testid="game-card-dice"]' },
  { path: "/cashier", ready: '[data-testid="cashier-amina"]' },
  ...HEADED.map((path) => ({ path, ready: "h1" })),
  { path: "/crash", ready: '[data-testid="crash-multiplier"]' },
  { path: "/warp", ready: "main" },
  { path: "/security", ready: "h1" },
  { path: "/no-such-page", ready: "h1" },
  ...GAMES.map((game) => ({
    path: `/game/${game}`,
    ready: '[data-testid="room-status"][data-status="ready"]',
  })),
];

const SIZES: { name: string; options: BrowserContextOptions }[] = [
  { name: "laptop 1280x800", options: { viewport: { width: 1280, height: 800 } } },
  {
    name: "phone 390x844",
    options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
];

/** Findings set aside by rule and element: none; every serious or critical finding fails. */
const KNOWN: SetAside[] = [];

/** A line per finding, so a failure names the screen, the rule and the elements. */
function describeFindings(path: string, findings: AxeFinding[]): string[] {
  return findings.map(
    (finding) =>
      `${path}: ${finding.rule} (${finding.impact}) ${finding.help} -> ${finding.targets.join(" | ")}`,
  );
}

/** Unlocks the operator dashboard and opens its vault, then audits it. */
async function auditOpenVault(page: Page, baseUrl: string): Promise<string[]> {
  await page.goto(`${baseUrl}/security`);
  await page.getByLabel("Dashboard password").fill(PASSWORD);
  await page.getByRole("button", { name: "Unlock" }).click();
  await page.getByPlaceholder("Vault password").fill(VAULT_PASSWORD);
  await page.getByRole("button", { name: "Open vault" }).click();
  await page.getByTestId("vault-contents").waitFor({ timeout: 15_000 });
  return describeFindings("/security (unlocked, vault open)", await auditSerious(page, KNOWN));
}

/** Opens `path`, waits for it to be drawn and settled, and audits it. */
async function auditScreen(page: Page, baseUrl: string, path: string, ready: string): Promise<string[]> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  return describeFindings(path, await auditSerious(page, KNOWN));
}

describe("accessibility: no serious or critical axe-core finding", () => {
  for (const size of SIZES) {
    test(`on every screen at ${size.name}`, async ({ profiles }) => {
      const context = await profiles.open(size.options);
      const page = await context.newPage();
      await page.goto(`${profiles.casino.url}/`);
      await waitForWallet(page);
      const findings: string[] = [];
      for (const screen of SCREENS)
        findings.push(...(await auditScreen(page, profiles.casino.url, screen.path, screen.ready)));
      findings.push(...(await auditOpenVault(page, profiles.casino.url)));
      await sitAtHouseTable(page, profiles.casino.url, async () => {
        findings.push(...describeFindings("/poker?table=house-alpha", await auditSerious(page, KNOWN)));
      });
      expect(findings).toEqual([]);
    }, 400_000);
  }
});

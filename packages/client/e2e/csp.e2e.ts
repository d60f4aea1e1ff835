import type { ConsoleMessage } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./fixtures.ts";
import { chooseChip, waitForRoom } from "./games-harness.ts";

describe("the Content-Security-Policy", () => {
  test("lets the built client load, play a dice round and open a dialog with no violation", async ({
    profiles,
  }) => {
    const { casino } = profiles;
    const console: string[] = [];
    const context = await profiles.open();
    // Every violation is also a securitypolicyviolation event: collect those beside the console.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    context.on("console", (message: ConsoleMessage) => console.push(message.text()));
    const response = await context.request.get(casino.url);
    expect(response.headers()["content-security-policy"]).toContain("script-src 'self'");

    const page = await context.newPage();
    page.on("console", (message) => console.push(message.text()));
    await page.goto(`${casino.url}/game/dice`);
    await waitForRoom(page);
    await chooseChip(page, "1");
    await page.getByTestId("dice-bet-low").click();
    await page.getByRole("button", { name: "ROLL DICE" }).click();
    await page
      .getByTestId("result-text")
      .filter({ hasText: /^Total \d+/ })
      .waitFor({ timeout: 15_000 });

    // A Radix dialog locks the page's scrolling with a <style> element: let in by the page's nonce.
    await page.getByTestId("wallet-button").click();
    await page.getByRole("dialog", { name: "Connect wallet" }).waitFor();
    await page.locator("style[nonce]").first().waitFor({ state: "attached" });
    await page.keyboard.press("Escape");

    // Plinko draws its balls with PixiJS (WebGL, shaders, image workers), loaded with the first drop.
    await page.goto(`${casino.url}/game/plinko`);
    await waitForRoom(page);
    await page.getByRole("button", { name: "DROP BALL" }).click();
    await page.locator(".plinko-canvas canvas").waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1000);

    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    );
    expect(violations).toEqual([]);
    expect(console.filter((text) => /Content.Security.Policy|unsafe-eval/i.test(text))).toEqual([]);
    await context.close();
  });
});

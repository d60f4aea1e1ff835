import { describe, expect, it } from "vitest";
import { type Profiles, test } from "./fixtures.ts";
import { PHONE } from "./harness.ts";

let profiles: Profiles;

test.beforeAll(({ profiles: opened }) => {
  profiles = opened;
});

describe("prerendered first screens", () => {
  it("paints the landing, the lobby and a game's frame from the HTML alone, with no script run", async () => {
    const context = await profiles.open({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${profiles.casino.url}/welcome`);
    await expect(page.locator("h1.landing-title").textContent()).resolves.toContain("AMINA");
    await page.goto(`${profiles.casino.url}/`);
    await expect(page.locator("#hero-title").textContent()).resolves.toContain("AMINA");
    expect(await page.getByTestId("game-card-plinko").isVisible()).toBe(true);
    await page.goto(`${profiles.casino.url}/game/plinko`);
    expect(await page.locator(".site-header").isVisible()).toBe(true);
    await expect(page.locator("main").textContent()).resolves.toContain("Loading Quantum Plinko");
    // The game's heading is painted with the page, as the game screen draws it.
    await expect(page.locator("h1#game-title").textContent()).resolves.toContain("Quantum Plinko");
    // A screen whose code loads on demand shows its frame around "Loading...", under its heading
    // when the route has one (poker).
    await page.goto(`${profiles.casino.url}/poker`);
    expect(await page.locator(".site-header").isVisible()).toBe(true);
    await expect(page.locator("main h1").textContent()).resolves.toBe("Texas Hold'em");
    await expect(page.locator("main").textContent()).resolves.toContain("Loading...");
    await page.goto(`${profiles.casino.url}/cashier`);
    await expect(page.locator("main").textContent()).resolves.toBe("Loading...");
  });

  it("keeps the painted lobby's elements when React takes it over, and then works", async () => {
    const context = await profiles.open(PHONE);
    const page = await context.newPage();
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as { paintedTitle?: Element | null }).paintedTitle = document.getElementById("hero-title");
      });
    });
    await page.goto(`${profiles.casino.url}/`);
    // React is in charge once the wallet button shows the restored session.
    await page.getByTestId("wallet-button").getByText("Connecting...").waitFor({ state: "detached" });
    const sameTitle = await page.evaluate(
      () =>
        (window as { paintedTitle?: Element | null }).paintedTitle === document.getElementById("hero-title"),
    );
    expect(sameTitle).toBe(true);
    await page.getByRole("link", { name: "Play Now: Quantum Plinko" }).click();
    await page.waitForURL(/\/game\/plinko$/);
  });

  it("clicks a button clicked on the painted page before React took it over, once React has", async () => {
    const context = await profiles.open(PHONE);
    const page = await context.newPage();
    // The app's code is held back, so the click lands on the HTML alone.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/startApp-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${profiles.casino.url}/welcome`);
    await page.getByRole("button", { name: "Show Buy AMINA" }).click();
    expect(await page.getByRole("button", { name: "Show Buy AMINA" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
    release();
    await page.getByRole("button", { name: "Hide Buy AMINA", expanded: true }).waitFor();
  });
});

/** Pages: an unknown path answers HTTP 404 with the Lost in Space page, and every page has its own title. */
import { describe, expect, it } from "vitest";
import { test } from "./fixtures.ts";
import type { TestCasino } from "./harness.ts";

let casino: TestCasino;
let openPage: (path: string) => Promise<{ page: import("playwright-core").Page }>;

test.beforeAll(async ({ profiles }) => {
  casino = profiles.casino;
  openPage = profiles.openPage;
});

describe("pages", () => {
  it("answers an unknown path with HTTP 404 and the Lost in Space page under its own title", async () => {
    const { page } = await openPage("/casino");
    const lost = await page.goto(`${casino.url}/no/such/page`);
    expect(lost?.status()).toBe(404);
    await page.getByRole("heading", { name: "Lost in Space" }).waitFor();
    await expect.poll(() => page.title()).toBe("Lost in Space (page not found) · AMINA Casino");
    const known = await page.goto(`${casino.url}/cashier`);
    expect(known?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe("Cashier · AMINA Casino");
  });

  it("gives every page its own document title", async () => {
    const { page } = await openPage("/casino");
    const titles = new Map<string, string>();
    for (const path of [
      "/casino",
      "/history",
      "/verify",
      "/leaderboards",
      "/profile",
      "/responsible-gaming",
      "/game/dice",
    ]) {
      await page.goto(`${casino.url}${path}`);
      await expect.poll(() => page.title()).not.toBe("AMINA Casino");
      titles.set(path, await page.title());
    }
    expect(titles.get("/game/dice")).toBe("Nebula Dice · AMINA Casino");
    expect(new Set([...titles.values()].filter((_, i) => i > 0)).size).toBe(titles.size - 1);
  });
});

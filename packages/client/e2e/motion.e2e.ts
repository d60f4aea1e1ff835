import { describe, expect } from "vitest";
import { test } from "./fixtures.ts";
import { waitForWallet } from "./harness.ts";

describe("a player who asks for less motion", () => {
  test("skips the warp, starts games in instant mode and sees no animation running", async ({ profiles }) => {
    const context = await profiles.open({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto(`${profiles.casino.url}/warp`);
    await page.waitForURL(/\/casino$/, { timeout: 10_000 });
    await waitForWallet(page);
    const running = await page.evaluate(() =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === "running" && Number(animation.effect?.getComputedTiming().duration) > 1,
        ),
    );
    expect(running.length, "no animation longer than a millisecond runs").toBe(0);
    await page.goto(`${profiles.casino.url}/game/dice`);
    await expect(page.getByTestId("option-instant").textContent()).resolves.toBe("Instant: on");
  });
});

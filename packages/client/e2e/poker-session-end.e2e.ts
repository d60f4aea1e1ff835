import { describe, expect, it } from "vitest";
import { type Profiles, test } from "./fixtures.ts";
import { openGame } from "./games-harness.ts";
import { waitForToast } from "./harness.ts";

let profiles: Profiles;

test.beforeAll(async ({ profiles: opened }) => {
  profiles = opened;
});

describe("rooms when the session ends", () => {
  it("is closed with 4401, says the session ended and goes back to the lobby", async () => {
    const { page } = await profiles.visit("/poker?table=orion-9-max");
    await page.getByTestId("poker-table-screen").waitFor();
    await page.getByTestId("table-connection").getByText("Live").waitFor({ timeout: 10_000 });
    const ended = await page.evaluate(() =>
      fetch("/api/session", { method: "DELETE" }).then((r) => r.status),
    );
    expect(ended).toBeLessThan(300);
    expect(await waitForToast(page, "Your session ended")).toContain("connect your wallet again");
    await page.getByTestId("poker-table-screen").waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("");
  });

  it("closes a game room with 4401 too: the dice screen says so and goes back to the lobby", async () => {
    const { page } = await openGame(profiles, "dice");
    const ended = await page.evaluate(() =>
      fetch("/api/session", { method: "DELETE" }).then((r) => r.status),
    );
    expect(ended).toBeLessThan(300);
    expect(await waitForToast(page, "Your session ended")).toContain("connect your wallet again");
    await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
  });
});

import { createFloatStream, dieFromFloat, type FloatStream } from "@casino/protocol";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { test } from "./fixtures.ts";
import {
  chooseChip,
  type GamePlayer,
  openGame,
  postFromPage,
  readSecretSeed,
  saveSettledScreenshot,
  waitForRoom,
} from "./games-harness.ts";
import { PHONE } from "./harness.ts";

let player: GamePlayer;

/** Sets a client seed under which each of the next `count` rounds satisfies `wants`. */
async function arrangeRounds(count: number, wants: (stream: FloatStream) => boolean): Promise<void> {
  const { serverSeed, nonce } = await readSecretSeed(player);
  for (let i = 0; i < 50_000; i++) {
    const clientSeed = `auto-${i}`;
    const all = Array.from({ length: count }, (_, k) => createFloatStream(serverSeed, clientSeed, nonce + k));
    if (!all.every(wants)) continue;
    const set = await postFromPage(player.page, "/api/game-seeds/update-client-seed", { clientSeed });
    expect(set.status).toBe(200);
    return;
  }
  throw new Error("no client seed gives the wanted rounds");
}

/** Turns a play option (hotkeys, sound, instant) on. */
async function switchOn(page: Page, option: "hotkeys" | "instant"): Promise<void> {
  const button = page.getByTestId(`option-${option}`);
  if ((await button.getAttribute("aria-pressed")) !== "true") await button.click();
}

/** Waits until the auto-bet run ends with `code`. */
async function waitForStop(page: Page, code: string): Promise<void> {
  await page.locator(`[data-testid="autobet-stopped"][data-code="${code}"]`).waitFor({ timeout: 30_000 });
}

test.beforeAll(async ({ profiles }) => {
  player = await openGame(profiles, "dice");
});

describe("auto-bet on Nebula Dice", () => {
  it("runs the set number of bets as normal server rounds and stops", async () => {
    const { page } = player;
    await switchOn(page, "instant");
    await chooseChip(page, "1");
    await page.getByTestId("dice-bet-low").click();
    const before = (await player.history()).length;
    await page.getByTestId("autobet-count").fill("5");
    await page.getByTestId("autobet-start").click();
    await waitForStop(page, "autobet/done");
    await expect(page.getByTestId("autobet-stopped").textContent()).resolves.toBe("Done: 5 bets placed.");
    await expect(page.getByTestId("autobet-bets").textContent()).resolves.toBe("5/5");
    const rounds = (await player.history()).slice(0, 5);
    expect((await player.history()).length - before).toBe(5);
    expect(rounds.every((row) => row.gameType === "dice" && row.betAmount === 1)).toBe(true);
    const profit = rounds.reduce((sum, row) => sum + row.winAmount - row.betAmount, 0);
    const shown = (await page.getByTestId("autobet-profit").textContent()) ?? "";
    expect(Number(shown.replace(/[+, ]|HC/g, ""))).toBeCloseTo(profit, 6);
    await saveSettledScreenshot(page, "autobet-dice-done");
  });

  it("doubles the stake after a loss and stops on its stop-loss", async () => {
    const { page } = player;
    await arrangeRounds(3, (s) => dieFromFloat(s.next()) + dieFromFloat(s.next()) !== 7);
    await chooseChip(page, "1");
    await page.getByTestId("dice-bet-seven").click();
    await page.getByTestId("autobet-count").fill("0");
    await page.getByRole("group", { name: "On loss" }).getByRole("button", { name: "Change" }).click();
    await expect(page.getByLabel("On loss: change the stake by this percentage").inputValue()).resolves.toBe(
      "100",
    );
    await page.getByTestId("autobet-stop-loss").fill("3");
    await page.getByTestId("autobet-start").click();
    await waitForStop(page, "autobet/stop_loss");
    await expect(page.getByTestId("autobet-bets").textContent()).resolves.toBe("2");
    await expect(page.getByTestId("autobet-profit").textContent()).resolves.toBe("-3 HC");
    await expect(page.getByTestId("autobet-streak").textContent()).resolves.toBe("2 losses");
    const [last, first] = await player.history();
    expect([first?.betAmount, last?.betAmount], "1 HC, then 2 HC after the loss").toEqual([1, 2]);
    expect([first?.winAmount, last?.winAmount]).toEqual([0, 0]);
    await saveSettledScreenshot(page, "autobet-dice-stop-loss");
  });

  it("cannot start while the balance is below the minimum bet, and says why", async () => {
    const { page } = player;
    await page.getByLabel("Currency").selectOption("AMINA");
    await page.getByTestId("dice-bet-low").click();
    await page
      .getByTestId("autobet-panel")
      .getByText("Your AMINA balance is below the 0.001 AMINA minimum bet: deposit AMINA in the cashier")
      .waitFor();
    await expect(page.getByTestId("autobet-start").isDisabled()).resolves.toBe(true);
    await page.getByLabel("Currency").selectOption("HC");
    await expect(page.getByTestId("autobet-start").isEnabled()).resolves.toBe(true);
  });
});

describe("hotkeys and session stats", () => {
  it("are off by default; once on, ? lists them, D and S change the bet and Space bets", async () => {
    const { page } = player;
    await chooseChip(page, "5");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("d");
    await expect(page.getByTestId("bet-input").inputValue(), "hotkeys start off").resolves.toBe("5");
    await switchOn(page, "hotkeys");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("?");
    await page.getByTestId("hotkey-help").waitFor();
    await saveSettledScreenshot(page, "autobet-hotkey-help");
    await page.keyboard.press("Escape");
    await page.getByTestId("hotkey-help").waitFor({ state: "detached" });
    await page.keyboard.press("d");
    await expect(page.getByTestId("bet-input").inputValue()).resolves.toBe("10");
    await page.keyboard.press("s");
    await page.keyboard.press("s");
    await expect(page.getByTestId("bet-input").inputValue()).resolves.toBe("2");
    await page.getByTestId("bet-input").press("d");
    await expect(
      page.getByTestId("bet-input").inputValue(),
      "typing in a field is not a hotkey",
    ).resolves.toBe("2");

    const before = (await player.history()).length;
    await page.getByTestId("dice-bet-high").click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Space");
    await page.waitForFunction(
      async ([address, count]) => {
        const rows = await fetch(`/api/game-sessions/${address}?limit=100`).then((r) => r.json());
        return rows.length === count;
      },
      [player.wallet, before + 1] as const,
    );
    expect((await player.history())[0]).toMatchObject({ gameType: "dice", betAmount: 2 });
  });

  it("session stats count every bet since the page opened, with the profit line", async () => {
    const { page } = player;
    const rows = await player.history();
    const hc = rows.filter((row) => row.currency === "HC");
    await page.getByTestId("session-row-HC").waitFor();
    await expect(page.getByTestId("session-row-HC").getByTestId("session-bets").textContent()).resolves.toBe(
      String(hc.length),
    );
    const profit = hc.reduce((sum, row) => sum + row.winAmount - row.betAmount, 0);
    const shown = Number(
      ((await page.getByTestId("session-row-HC").getByTestId("session-profit").textContent()) ?? "").replace(
        /[+,]/g,
        "",
      ),
    );
    expect(shown).toBeCloseTo(profit, 6);
    const drawn = await page.locator('[data-testid="session-chart"] canvas').count();
    expect(drawn).toBeGreaterThan(0);
    await saveSettledScreenshot(page, "autobet-session-desktop");
  });
});

describe("auto-bet on a phone", () => {
  test("plays hi-lo by its strategy and plinko instantly at phone width", async ({ profiles }) => {
    const context = await profiles.open(PHONE);
    const page = await context.newPage();
    await page.goto(`${profiles.casino.url}/game/hilo`);
    await waitForRoom(page);
    await page.getByTestId("hilo-auto-strategy").waitFor();
    await page.getByTestId("autobet-count").fill("2");
    await page.getByTestId("hilo-auto-target").fill("1");
    await page.getByTestId("autobet-start").click();
    await waitForStop(page, "autobet/done");
    await expect(page.getByTestId("session-bets").textContent()).resolves.toBe("2");
    await saveSettledScreenshot(page, "autobet-hilo-phone");

    await page.goto(`${profiles.casino.url}/game/plinko`);
    await waitForRoom(page);
    await switchOn(page, "instant");
    await page.getByTestId("autobet-count").fill("3");
    await page.getByTestId("autobet-start").click();
    await waitForStop(page, "autobet/done");
    await expect(page.getByTestId("recent-result").count()).resolves.toBe(3);
    await saveSettledScreenshot(page, "autobet-plinko-phone");
  });
});

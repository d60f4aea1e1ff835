/**
 * /history in the browser: a dice and a plinko round played on their screens appear with their
 * Verify state, filters narrow the table, CSV export holds every round, and Verify on a row opens
 * /verify prefilled, which recomputes exactly the outcome the server stored.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Profiles, test } from "./fixtures.ts";
import { chooseChip, fetchHistory, type GamePlayer, openGame, postFromPage } from "./games-harness.ts";
import { saveScreenshot } from "./harness.ts";

let player: GamePlayer;
let browserProfiles: Profiles;

test.beforeAll(async ({ profiles }) => {
  browserProfiles = profiles;
  player = await openGame(profiles, "dice");
});

/** Waits until the server's history holds `count` rounds. */
async function waitForRounds(count: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await fetchHistory(player.page, player.wallet)).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`history never reached ${count} rounds`);
}

/** The rows of the history table: game and nonce of each. */
function tableRows(page: Page) {
  return page
    .getByTestId("bet-row")
    .evaluateAll((rows) =>
      rows.map((row) => `${row.getAttribute("data-game")}#${row.getAttribute("data-nonce")}`),
    );
}

describe("bet history and verify links", () => {
  it("plays a dice and a plinko round on their screens", async () => {
    const { page } = player;
    await chooseChip(page, "10");
    await page.getByTestId("dice-bet-low").click();
    await page.getByRole("button", { name: "ROLL DICE" }).click();
    await page
      .getByTestId("result-text")
      .filter({ hasText: /^Total/ })
      .waitFor({ timeout: 15_000 });
    await waitForRounds(1);

    await page.goto(`${player.casino.url}/game/plinko`);
    await page.locator('[data-testid="room-status"][data-status="ready"]').waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: /^Medium/ }).click();
    await chooseChip(page, "10");
    await page.getByRole("button", { name: "DROP BALL" }).click();
    await waitForRounds(2);
    const rows = await fetchHistory(page, player.wallet);
    expect(rows.map((row) => row.gameType)).toEqual(["plinko", "dice"]);
  });

  it("asks to rotate the seed before a row can be verified", async () => {
    const { page } = player;
    await page.goto(`${player.casino.url}/history`);
    await page.getByTestId("bet-row").first().waitFor();
    expect(await tableRows(page)).toEqual(["plinko#1", "dice#0"]);
    await expect(page.getByTestId("verify-unrevealed").count()).resolves.toBe(2);
    await expect(page.getByTestId("verify-unrevealed").first().textContent()).resolves.toBe(
      "Rotate your seed to verify",
    );
  });

  it("filters by game and wins, and keeps the filters in the URL", async () => {
    const { page } = player;
    expect((await postFromPage(page, "/api/game-seeds/new-server-seed", {})).status).toBe(200);
    await page.reload();
    await page.getByTestId("bet-row").first().waitFor();
    await page.getByLabel("Game").selectOption("plinko");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\/history\?game=plinko$/);
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=bet-row]").length === 1);
    expect(await tableRows(page)).toEqual(["plinko#1"]);
    await saveScreenshot(page, "history-filtered");

    const history = await fetchHistory(page, player.wallet);
    const wins = history.filter((row) => Number(row.winAmount) > Number(row.betAmount)).length;
    await page.getByLabel("Game").selectOption("");
    await page.getByLabel("Wins only").check();
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\/history\?wins=1$/);
    if (wins === 0) await page.getByTestId("history-empty").waitFor();
    else
      await page.waitForFunction(
        (n) => document.querySelectorAll("[data-testid=bet-row]").length === n,
        wins,
      );
    await page.getByLabel("Wins only").uncheck();
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=bet-row]").length === 2);
  });

  it("exports every round as CSV with its verify link", async () => {
    const { page } = player;
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("bet-history.csv");
    const csv = await readFile(await download.path(), "utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "id,time,game,currency,bet,win,profit,nonce,client_seed,server_seed_hash,server_seed,verify_url",
    );
    expect(lines.slice(1).map((line) => line.split(",")[2])).toEqual(["plinko", "dice"]);
    expect(lines[1]).toMatch(
      /,10,[\d.]+,-?[\d.]+,1,.*,[0-9a-f]{64},[0-9a-f]{64},http.*\/verify\?game=plinko&/,
    );
    await expect(page.getByTestId("export-status").textContent()).resolves.toBe("Exported 2 rounds.");
  });

  it("opens Verify from a row: /verify reproduces the stored outcome of the dice and plinko rounds", async () => {
    const { page } = player;
    const stored = await fetchHistory(page, player.wallet);
    for (const game of ["dice", "plinko"]) {
      await page.goto(`${player.casino.url}/history?game=${game}`);
      await page.getByRole("link", { name: /^Verify / }).click();
      await page.waitForURL(new RegExp(`/verify\\?game=${game}&serverSeed=[0-9a-f]{64}&`));
      const json = await page.getByTestId("verify-outcome-json").textContent();
      const round = stored.find((row) => row.gameType === game);
      expect(JSON.parse(json ?? "null"), game).toEqual(round?.outcome);
      await expect(page.getByTestId("verify-hash-check").getAttribute("data-ok")).resolves.toBe("true");
      await expect(page.getByTestId("verify-float").count()).resolves.toBe(game === "dice" ? 2 : 12);
      await saveScreenshot(page, `verify-${game}-from-history`);
    }
  });

  it("lays out at phone width", async () => {
    const state = await player.context.storageState();
    const phone = await browserProfiles.open({ viewport: { width: 390, height: 844 }, storageState: state });
    const page = await phone.newPage();
    await page.goto(`${player.casino.url}/history`);
    await page.getByTestId("bet-row").first().waitFor({ timeout: 15_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no sideways scrolling on a phone").toBeLessThanOrEqual(0);
    await saveScreenshot(page, "history-phone");
    await page
      .getByRole("link", { name: /^Verify / })
      .first()
      .click();
    await page.getByTestId("verify-trace").waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await saveScreenshot(page, "verify-phone");
  });
});

/**
 * A poker hand played in the browser and re-checked on /verify: the table's Verify link carries the
 * root and seed hash the page saw before the deal and the cards it saw, and the verifier page
 * finds the opened board and the player's own cards to be those, under that root. The same hand is
 * listed on /history with a Verify link by id.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Profiles, testOnOwnCasino } from "./fixtures.ts";
import { saveScreenshot } from "./harness.ts";
import { depositAmina, playUntilShowdown, readMyCards } from "./poker-helpers.ts";

const test = testOnOwnCasino({
  poker: { autoStartDelayMs: 120_000, actionTimeoutMs: 30_000, reconnectGraceMs: 60_000 },
});

let profiles: Profiles;
let ada: Page;
let bruno: Page;

/** A funded player seated at the micro table under `name`. */
async function seatPlayer(name: string): Promise<Page> {
  const { page, wallet } = await profiles.visit("/poker");
  expect(await depositAmina(page, wallet, "0.1")).toBe(200);
  await page.getByTestId("poker-amina").getByText("0.100", { exact: true }).waitFor({ timeout: 10_000 });
  await page.getByRole("button", { name: "Join Table: Nebula AMINA Micro" }).click();
  const dialog = page.getByTestId("join-dialog");
  await dialog.getByLabel("Buy-in (AMINA)").fill("0.05");
  await dialog.getByLabel("Your name at the table").fill(name);
  await dialog.getByRole("button", { name: "Join", exact: true }).click();
  await page.getByTestId("table-connection").getByText("Live").waitFor({ timeout: 10_000 });
  return page;
}

/** The faces of the board as the table draws it ("A♠", ...). */
function readBoard(page: Page): Promise<string[]> {
  return page
    .locator("[data-testid=community-cards] .poker-card[data-card]")
    .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card") ?? ""));
}

test.beforeAll(async ({ profiles: opened }) => {
  profiles = opened;
  ada = await seatPlayer("Ada");
  bruno = await seatPlayer("Bruno");
});

describe("verifying a poker hand on the verifier page", () => {
  it("opens a hand played to showdown from the table's Verify link and finds it as seen", async () => {
    await ada.getByRole("button", { name: "Start Hand" }).click();
    await ada.locator(".poker-seat.is-me .poker-card[data-card]").nth(1).waitFor({ timeout: 10_000 });
    const rootBeforeDeal = (await ada.getByTestId("deck-root").textContent()) ?? "";
    expect(rootBeforeDeal).toMatch(/^[0-9a-f]{64}$/);
    const myCards = await readMyCards(ada);
    await playUntilShowdown([ada, bruno]);
    const board = await readBoard(ada);
    expect(board).toHaveLength(5);

    const link = ada.getByTestId("finished-hands").getByRole("link", { name: /^Verify hand #\d+/ });
    await link.first().waitFor({ timeout: 10_000 });
    await saveScreenshot(ada, "poker-table-hand-verify-link");
    await link.first().click();
    await ada.waitForURL(/\/verify\?game=poker&handId=\d+&hash=/);
    const verdict = ada.getByTestId("verify-poker-verdict");
    await verdict.waitFor({ timeout: 10_000 });
    const checks = Object.fromEntries(
      await Promise.all(
        [
          "verify-poker-verdict",
          "verify-poker-proofs",
          "verify-poker-root",
          "verify-poker-seed-hash",
          "verify-poker-seen",
        ].map(async (id) => [id, await ada.getByTestId(id).getAttribute("data-ok")] as const),
      ),
    );
    expect(checks, (await verdict.textContent()) ?? "").toEqual({
      "verify-poker-verdict": "true",
      "verify-poker-proofs": "true",
      "verify-poker-root": "true",
      "verify-poker-seed-hash": "true",
      "verify-poker-seen": "true",
    });
    expect(new URL(ada.url()).searchParams.get("hash")).toBe(rootBeforeDeal);
    await expect(ada.getByTestId("verify-poker-board").textContent()).resolves.toBe(board.join(" "));
    await expect(ada.getByTestId("verify-poker-own").textContent()).resolves.toBe(myCards.join(" "));
    await saveScreenshot(ada, "verify-poker-hand");
  });

  it("lists the hand on /history with a Verify link that checks it by id", async () => {
    const handId = new URL(ada.url()).searchParams.get("handId");
    await ada.goto(`${profiles.casino.url}/history`);
    const row = ada.locator(`[data-testid=poker-hand-row][data-hand-id="${handId}"]`);
    await row.waitFor({ timeout: 10_000 });
    await row.getByRole("link", { name: `Verify poker hand ${handId}` }).click();
    await ada.waitForURL(new RegExp(`/verify\\?game=poker&handId=${handId}$`));
    await ada.getByTestId("verify-poker-verdict").waitFor({ timeout: 10_000 });
    await expect(ada.getByTestId("verify-poker-verdict").getAttribute("data-ok")).resolves.toBe("true");
    await expect(ada.getByTestId("verify-poker-root").getAttribute("data-ok")).resolves.toBe("unknown");
    expect(await ada.getByTestId("verify-poker-own").textContent()).toMatch(/^\S+ \S+$/);
  });
});

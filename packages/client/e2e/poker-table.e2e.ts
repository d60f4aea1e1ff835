import { messageOf } from "@casino/protocol";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Profiles, testOnOwnCasino } from "./fixtures.ts";
import { saveScreenshot } from "./harness.ts";
import { checkOrCall, depositAmina, playUntilShowdown, readMyCards } from "./poker-helpers.ts";

const TABLE = "nebula-amina-micro";

const test = testOnOwnCasino({
  poker: { autoStartDelayMs: 120_000, actionTimeoutMs: 30_000, reconnectGraceMs: 60_000 },
});

let profiles: Profiles;
let ada: Page;
let bruno: Page;
/** Cards Ada saw in the first hand: the board, her own and any shown by Bruno. */
let seenAtShowdown = 0;

/** A fresh player with 0.1 AMINA deposited, on the poker lobby. */
async function openFundedPlayer(): Promise<Page> {
  const { page, wallet } = await profiles.visit("/poker");
  expect(await depositAmina(page, wallet, "0.1")).toBe(200);
  await page.getByTestId("poker-amina").getByText("0.100", { exact: true }).waitFor({ timeout: 10_000 });
  return page;
}

/** Joins the micro table from the lobby with a buy-in and a name. */
async function joinMicro(page: Page, buyIn: string, name: string): Promise<void> {
  await page.getByRole("button", { name: "Join Table: Nebula AMINA Micro" }).click();
  const dialog = page.getByTestId("join-dialog");
  await dialog.getByLabel("Buy-in (AMINA)").fill(buyIn);
  await dialog.getByLabel("Your name at the table").fill(name);
  await dialog.getByRole("button", { name: "Join", exact: true }).click();
  await page.getByTestId("poker-table-screen").waitFor();
  await page.getByTestId("table-connection").getByText("Live").waitFor({ timeout: 10_000 });
}

/** The seat of the other player as this page draws it. */
function otherSeat(page: Page) {
  return page.locator(".poker-seat:not(.is-me):not(.is-empty)");
}

/** The casino AMINA balance of this page's wallet, read from the server. */
function readAmina(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const session = await fetch("/api/session").then((r) => r.json());
    const user = await fetch(`/api/users/${session.walletAddress}`).then((r) => r.json());
    return Number(user.aminaBalance);
  });
}

/** The chips in front of this page's player (0 when not seated). */
async function readMyStack(page: Page): Promise<number> {
  const stack = page.locator(".poker-seat.is-me [data-testid^=stack-]");
  return (await stack.count()) === 0 ? 0 : Number(await stack.textContent());
}

/** Lets the other player check or call until it is this page's turn, then folds (button or F key). */
async function foldWhenItIsMyTurn(page: Page, useKeyboard: boolean): Promise<void> {
  const other = page === ada ? bruno : ada;
  const deadline = Date.now() + 20_000;
  while (!(await page.getByTestId("action-bar").isVisible())) {
    if (Date.now() > deadline) throw new Error("the turn never came");
    await checkOrCall(other).catch(() => false);
    await page.waitForTimeout(250);
  }
  if (useKeyboard) {
    await page.locator("body").focus();
    await page.keyboard.press("f");
  } else await page.getByTestId("action-bar").getByRole("button", { name: "Fold" }).click();
}

/** Waits for an alert, accepts it and returns its text. */
function nextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

test.beforeAll(async ({ profiles: opened }) => {
  profiles = opened;
  [ada, bruno] = await Promise.all([openFundedPlayer(), openFundedPlayer()]);
});

describe("poker table with two players", () => {
  it("seats two players at the same AMINA table; Start Hand shows only with two seated and waiting", async () => {
    await joinMicro(ada, "0.05", "Ada");
    expect(new URL(ada.url()).search).toBe(`?table=${TABLE}`);
    await ada.getByTestId("header-amina").getByText("0.050", { exact: true }).waitFor({ timeout: 10_000 });
    expect(await ada.locator(".poker-seat").count()).toBe(6);
    expect(await ada.getByRole("button", { name: "Start Hand" }).count()).toBe(0);
    await joinMicro(bruno, "0.05", "Bruno");
    await otherSeat(ada).getByText("Bruno").waitFor({ timeout: 10_000 });
    await otherSeat(bruno).getByText("Ada").waitFor();
    await ada.getByRole("button", { name: "Start Hand" }).waitFor();
    await bruno.getByRole("button", { name: "Start Hand" }).waitFor();
    expect(await ada.getByTestId("poker-phase").textContent()).toBe("Waiting");
  });

  it("deals each player their own cards, face down for the other, with the deck commitment shown", async () => {
    await ada.getByRole("button", { name: "Start Hand" }).click();
    for (const page of [ada, bruno]) {
      await page.getByTestId("poker-phase").getByText("Pre-flop").waitFor({ timeout: 10_000 });
      await page.locator(".poker-seat.is-me .poker-card[data-card]").nth(1).waitFor();
      expect(await otherSeat(page).locator(".poker-card-back").count()).toBe(2);
      expect(await otherSeat(page).locator(".poker-card[data-card]").count()).toBe(0);
      expect(await page.getByRole("button", { name: "Start Hand" }).count()).toBe(0);
      expect(await page.getByTestId("deck-commitment").textContent()).toMatch(/^[0-9a-f]{64}$/);
    }
    const adaCards = await readMyCards(ada);
    const brunoCards = await readMyCards(bruno);
    expect(adaCards).toHaveLength(2);
    expect(brunoCards).toHaveLength(2);
    expect(adaCards.some((card) => brunoCards.includes(card))).toBe(false);
    expect(await ada.locator(".poker-seat.is-me").getAttribute("aria-label")).toContain("Ada (you)");
    expect(await otherSeat(ada).getAttribute("aria-label")).toContain("cards face down");
    const acting = (await ada.getByTestId("action-bar").isVisible()) ? ada : bruno;
    await acting.getByTestId("action-timer").waitFor();
    await saveScreenshot(ada, "poker-table-mid-hand");
  });

  it("brings a player back to their seat with the same cards after a reload mid-hand", async () => {
    const before = await readMyCards(ada);
    await ada.reload();
    await ada.getByTestId("poker-table-screen").waitFor({ timeout: 15_000 });
    await ada.getByTestId("table-connection").getByText("Live").waitFor({ timeout: 15_000 });
    await ada.locator(".poker-seat.is-me .poker-card[data-card]").nth(1).waitFor({ timeout: 10_000 });
    expect(await readMyCards(ada)).toEqual(before);
    expect(await ada.locator(".poker-seat.is-me").getAttribute("aria-label")).toContain("Ada (you)");
    expect(await otherSeat(ada).locator(".poker-card[data-card]").count()).toBe(0);
    await otherSeat(bruno).getByText("Ada").waitFor();
  });

  it("plays the hand to showdown (calls by button and by the C shortcut); hands shown are the real cards", async () => {
    const adaCards = await readMyCards(ada);
    const brunoCards = await readMyCards(bruno);
    await playUntilShowdown([ada, bruno], { keyboardOn: bruno });
    await bruno.getByTestId("poker-winners").waitFor();
    for (const page of [ada, bruno]) {
      expect(await page.getByTestId("poker-phase").textContent()).toMatch(/^Showdown/);
      expect(await page.locator("[data-testid=community-cards] .poker-card[data-card]").count()).toBe(5);
    }
    const shownToAda = await otherSeat(ada)
      .locator(".poker-card[data-card]")
      .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card")));
    const shownToBruno = await otherSeat(bruno)
      .locator(".poker-card[data-card]")
      .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card")));
    // The first hand to show is always turned up; a losing second hand may be mucked face down.
    expect([[], brunoCards]).toContainEqual(shownToAda);
    expect([[], adaCards]).toContainEqual(shownToBruno);
    expect(shownToAda.length + shownToBruno.length).toBeGreaterThanOrEqual(2);
    seenAtShowdown = 5 + 2 + shownToAda.length;
    // Heads-up check-down: a pot of 4 chips takes no rake, so the 100 chips stay on the table.
    const stacks = await ada
      .locator("[data-testid^=stack-]")
      .evaluateAll((els) => els.map((e) => Number(e.textContent)));
    expect(stacks.reduce((a, b) => a + b, 0)).toBe(100);
    await ada
      .getByTestId("table-log")
      .getByText(/ collected \d+ from /)
      .first()
      .waitFor();
    await saveScreenshot(ada, "poker-table-showdown");
  });

  it("verifies the opened cards against the commitment and the cards seen, and links the hand history", async () => {
    expect(await ada.getByTestId("last-deck-root").textContent()).toMatch(/^[0-9a-f]{64}$/);
    await ada.getByRole("button", { name: "Verify" }).click();
    const verdict = await ada.getByTestId("verify-result").textContent();
    expect(verdict).toContain("Verified");
    expect(verdict).toContain(`match the ${seenAtShowdown} cards you saw`);
    const href = (await ada.getByRole("link", { name: "Hand history" }).getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/api\/poker\/hands\/\d+\/history\.txt$/);
    const text = await ada.evaluate((path) => fetch(path).then((r) => r.text()), href);
    expect(text).toContain("PokerStars Hand #");
    expect(text).toMatch(/Dealt to Ada \[/);
    expect(text).not.toMatch(/Dealt to Bruno/);
  });

  it("keeps the cashier's limits and answers with alerts", async () => {
    await ada.getByRole("button", { name: "Cashier" }).click();
    const cashier = ada.getByTestId("table-cashier");
    await cashier.getByTestId("cashier-dialog-amina").getByText("0.050").waitFor();
    const amount = cashier.getByLabel("Amount (AMINA)");
    expect(await amount.getAttribute("min")).toBe("0.001");
    expect(await amount.getAttribute("step")).toBe("0.001");
    const buy = cashier.getByRole("button", { name: "Buy Chips" });
    for (const refused of ["0", "0.0005", "0.051"]) {
      await amount.fill(refused);
      expect(await buy.isDisabled()).toBe(true);
    }
    await cashier.getByText(messageOf("poker/insufficient_balance")).waitFor();
    const stackBefore = Number(await ada.locator(".poker-seat.is-me [data-testid^=stack-]").textContent());
    await amount.fill("0.01");
    const bought = nextAlert(ada);
    await buy.click();
    expect(await bought).toBe("Bought 10 chips for 0.01 AMINA at Nebula AMINA Micro");
    await ada
      .locator(".poker-seat.is-me [data-testid^=stack-]")
      .getByText(String(stackBefore + 10), { exact: true })
      .waitFor();
    await cashier.getByLabel("Cash out").check();
    await amount.fill(((stackBefore + 11) / 1000).toFixed(3));
    expect(await cashier.getByRole("button", { name: "Cash Out" }).isDisabled()).toBe(true);
    await ada.keyboard.press("Escape");

    // Cashing out the whole stack mid-hand is refused by the server.
    await ada.getByRole("button", { name: "Start Hand" }).click();
    await ada.getByTestId("poker-phase").getByText("Pre-flop").waitFor({ timeout: 10_000 });
    await ada.getByRole("button", { name: "Cashier" }).click();
    await cashier.getByLabel("Cash out").check();
    const stackNow = Number(await ada.locator(".poker-seat.is-me [data-testid^=stack-]").textContent());
    await amount.fill((stackNow / 1000).toFixed(3));
    const refused = nextAlert(ada);
    await cashier.getByRole("button", { name: "Cash Out" }).click();
    expect(await refused).toBe("Transaction failed: Wait until the current hand ends.");
    await ada.keyboard.press("Escape");
    await cashier.waitFor({ state: "detached" });
  });

  it("folds by button and by the F shortcut, ending the hand for the other player", async () => {
    await foldWhenItIsMyTurn(ada, false);
    await bruno
      .getByTestId("poker-winners")
      .getByText(/^Bruno wins \d+/)
      .waitFor({ timeout: 10_000 });
    await ada.getByTestId("table-log").getByText("Ada: folds").waitFor();
    await bruno.getByRole("button", { name: "Start Hand" }).click();
    await foldWhenItIsMyTurn(bruno, true);
    await ada
      .getByTestId("poker-winners")
      .getByText(/^Ada wins \d+/)
      .waitFor({ timeout: 10_000 });
  });

  it("leaves between hands back to the lobby; the other player sees the seat empty", async () => {
    await ada.getByRole("button", { name: "Leave Table" }).click();
    await ada.getByTestId("poker-tables").waitFor({ timeout: 10_000 });
    expect(new URL(ada.url()).search).toBe("");
    await expect.poll(() => otherSeat(bruno).count(), { timeout: 15_000 }).toBe(0);
    await bruno.getByRole("button", { name: "Start Hand" }).waitFor({ state: "detached" });
    // Every chip is accounted for: 0.2 AMINA deposited, no rake on a 4-chip check-down or on folds.
    expect((await readAmina(ada)) + (await readAmina(bruno)) + (await readMyStack(bruno)) / 1000).toBeCloseTo(
      0.2,
      6,
    );
  });

  it("folds a player who leaves mid-hand, pays their chips back once, and deals on", async () => {
    await joinMicro(ada, "0.04", "Ada");
    await ada.getByRole("button", { name: "Start Hand" }).click();
    await bruno.getByTestId("poker-phase").getByText("Pre-flop").waitFor({ timeout: 10_000 });
    await ada.getByRole("button", { name: "Leave Table" }).click();
    await ada.getByTestId("poker-tables").waitFor({ timeout: 10_000 });
    await expect.poll(() => otherSeat(bruno).count(), { timeout: 15_000 }).toBe(0);
    expect((await readAmina(ada)) + (await readAmina(bruno)) + (await readMyStack(bruno)) / 1000).toBeCloseTo(
      0.2,
      6,
    );
    // The table is not stuck on the hand the player left: the next hand deals.
    await joinMicro(ada, "0.04", "Ada");
    await ada.getByRole("button", { name: "Start Hand" }).click();
    await bruno.getByTestId("poker-phase").getByText("Pre-flop").waitFor({ timeout: 10_000 });
    await foldWhenItIsMyTurn(ada, false);
    await bruno.getByTestId("poker-winners").waitFor({ timeout: 10_000 });
    for (const page of [ada, bruno]) {
      await page.getByRole("button", { name: "Leave Table" }).click();
      await page.locator("[data-testid=poker-tables], .poker-error").first().waitFor({ timeout: 10_000 });
      // A refused leave shows the server's answer at the table instead of returning to the lobby.
      expect(await page.locator(".poker-error").allTextContents()).toEqual([]);
    }
    expect((await readAmina(ada)) + (await readAmina(bruno))).toBeCloseTo(0.2, 6);
  });
});

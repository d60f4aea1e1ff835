import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Profiles, testOnOwnCasino } from "./fixtures.ts";
import { waitForWallet } from "./harness.ts";
import { checkOrCall, playUntilShowdown, waitForMyTurn } from "./poker-helpers.ts";

const test = testOnOwnCasino({
  poker: { autoStartDelayMs: 120_000, botDelayMs: [50, 150], botEquityTrials: 20, actionTimeoutMs: 30_000 },
});

const TABLE = "house-alpha";

let profiles: Profiles;
let page: Page;

test.beforeAll(({ profiles: opened }) => {
  profiles = opened;
});

/** The lines the table log shows for one hand, in order. */
function readLogLines(hand: number): Promise<string[]> {
  return page
    .getByTestId("table-log")
    .locator(`li[data-hand="${hand}"]`)
    .evaluateAll((items) => items.map((item) => item.textContent ?? ""));
}

/** The newest ended hand of this table in the player's list, and its history between header and summary. */
function readHistory(): Promise<{ handNumber: number; lines: string[] } | null> {
  return page.evaluate(async (tableId) => {
    const hands = (await fetch("/api/poker/hands").then((r) => r.json())) as {
      handId: number;
      tableId: string;
      handNumber: number;
      status: string;
    }[];
    const hand = hands.find((h) => h.tableId === tableId && h.status === "ended");
    if (!hand) return null;
    const text = await fetch(`/api/poker/hands/${hand.handId}/history.txt`).then((r) => r.text());
    const lines = text.trimEnd().split("\n").slice(2);
    return { handNumber: hand.handNumber, lines: lines.slice(0, lines.indexOf("*** SUMMARY ***")) };
  }, TABLE);
}

/** Waits until the log's lines of the newest ended hand are its hand history's, line for line. */
async function expectLogToMatchHistory(handNumber: number): Promise<string[]> {
  let seen: { log: string[]; history: string[] } = { log: [], history: [] };
  await expect
    .poll(
      async () => {
        const history = await readHistory();
        if (history?.handNumber !== handNumber) return false;
        seen = { log: await readLogLines(handNumber), history: history.lines };
        return seen.log.join("\n") === seen.history.join("\n");
      },
      { timeout: 15_000, interval: 300 },
    )
    .toBe(true)
    .catch(() => expect(seen.log).toEqual(seen.history));
  return seen.log;
}

/** Sits Lena down again when she lost her stack in the hand before (calling every bet of the bots can). */
async function takeSeatAgainIfBusted(): Promise<void> {
  const takeSeat = page.getByRole("button", { name: "Take a Seat" });
  await page.getByRole("button", { name: "Start Hand" }).or(takeSeat).first().waitFor({ timeout: 15_000 });
  if (!(await takeSeat.isVisible())) return;
  await takeSeat.click();
  await joinAsLena();
  await page.getByRole("button", { name: "Start Hand" }).waitFor({ timeout: 15_000 });
}

/** Sits down as Lena in the open join dialog. */
async function joinAsLena(): Promise<void> {
  const dialog = page.getByTestId("join-dialog");
  await dialog.getByLabel("Your name at the table").fill("Lena");
  await dialog.getByRole("button", { name: "Join", exact: true }).click();
}

describe("the table log tells each hand as its hand history does", () => {
  it("opens without phantom players leaving, as a focusable polite log", async () => {
    const visit = await profiles.visit("/poker");
    page = visit.page;
    await waitForWallet(page);
    await page
      .getByTestId(`poker-table-row-${TABLE}`)
      .getByRole("button", { name: /^Join Table/ })
      .click();
    await joinAsLena();
    await page.locator(".poker-seat:not(.is-empty)").nth(2).waitFor({ timeout: 15_000 });
    const log = page.getByTestId("table-log");
    await page.getByTestId("table-connection").getByText("Live").waitFor({ timeout: 15_000 });
    expect(await log.getByText(/ leaves the table$/).count()).toBe(0);
    expect(await log.getAttribute("tabindex")).toBe("0");
    expect(await log.getAttribute("aria-live")).toBe("polite");
  });

  it("plays a hand with bots: seats, blinds, cards, actions, streets and results read as in the history", async () => {
    await page.getByRole("button", { name: "Start Hand" }).click();
    await playUntilShowdown([page]);
    const lines = await expectLogToMatchHistory(1);
    expect(lines.some((line) => /: posts big blind 10$/.test(line))).toBe(true);
    expect(lines).toContain("*** HOLE CARDS ***");
    expect(lines.some((line) => /^Dealt to Lena \[/.test(line))).toBe(true);
    expect(lines.some((line) => / collected \d+ from /.test(line))).toBe(true);
    // The log overflows, and shows its newest line: it starts at its end and stays there.
    const newestInView = await page.getByTestId("table-log").evaluate((log) => {
      const newest = log.querySelector("li:last-child")?.getBoundingClientRect();
      const box = log.getBoundingClientRect();
      return (
        log.scrollHeight > log.clientHeight &&
        newest !== undefined &&
        newest.top >= box.top - 1 &&
        newest.bottom <= box.bottom + 1
      );
    });
    expect(newestInView).toBe(true);
  });

  it("tells the hand in play the same way after a reconnect in the middle of it", async () => {
    await takeSeatAgainIfBusted();
    await page.getByRole("button", { name: "Start Hand" }).click();
    await waitForMyTurn(page);
    const hand = Number((await page.getByTestId("poker-phase").textContent())?.match(/Hand #(\d+)/)?.[1]);
    await checkOrCall(page);
    await page.reload();
    await page.getByTestId("poker-table-screen").waitFor();
    await page.getByTestId("table-connection").getByText("Live").waitFor({ timeout: 15_000 });
    const log = page.getByTestId("table-log");
    await log.locator(`li[data-hand="${hand}"]`).first().waitFor({ timeout: 10_000 });
    expect(await log.getByText(/ leaves the table$/).count()).toBe(0);
    await playUntilShowdown([page]);
    const lines = await expectLogToMatchHistory(hand);
    expect(lines.filter((line) => line.startsWith("Lena: ")).length).toBeGreaterThan(0);
  });
});

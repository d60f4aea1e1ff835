import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Profiles, testOnOwnCasino } from "./fixtures.ts";
import { checkOrCall, saveShot } from "./poker-helpers.ts";

const test = testOnOwnCasino({
  poker: { autoStartDelayMs: 120_000, botDelayMs: [50, 150], botEquityTrials: 20, actionTimeoutMs: 30_000 },
});

let profiles: Profiles;
let page: Page;
/** The hand replayed: a fold, an all-in and a showdown, and the viewer's seat in it. */
let replayed: { handId: number; seat: number };

test.beforeAll(({ profiles: opened }) => {
  profiles = opened;
});

/** The newest ended hand of the player, with its hand history text. */
function readNewestHand(): Promise<{ handId: number; seat: number; text: string } | null> {
  return page.evaluate(async () => {
    const hands = (await fetch("/api/poker/hands").then((r) => r.json())) as {
      handId: number;
      seat: number;
      status: string;
    }[];
    const hand = hands.find((h) => h.status === "ended");
    if (!hand) return null;
    const text = await fetch(`/api/poker/hands/${hand.handId}/history.txt`).then((r) => r.text());
    return { handId: hand.handId, seat: hand.seat, text };
  });
}

/** What the replayer shows now: the step's words and each seat's visible card faces. */
function readStep(): Promise<{ text: string; seats: { seat: number; name: string; cards: string[] }[] }> {
  return page.getByTestId("hand-replayer").evaluate((root) => ({
    text: root.querySelector("[data-testid=replay-step]")?.textContent ?? "",
    seats: [...root.querySelectorAll<HTMLElement>("[data-testid^=replay-seat-]")].map((seat) => ({
      seat: Number(seat.dataset.testid?.replace("replay-seat-", "")),
      name: seat.querySelector(".poker-replay-name")?.firstChild?.textContent ?? "",
      cards: [...seat.querySelectorAll("[data-card]")].map((card) => card.getAttribute("data-card") ?? ""),
    })),
  }));
}

describe("the hand replayer", () => {
  it("finds a hand with a fold, an all-in and a showdown: one player goes all-in, another calls, bots fold", {
    timeout: 240_000,
  }, async () => {
    const caller = await profiles.visit("/poker");
    const visit = await profiles.visit("/poker");
    page = visit.page;
    for (const player of [caller.page, page]) {
      await player
        .getByTestId("poker-table-row-house-alpha")
        .getByRole("button", { name: /^Join Table/ })
        .click();
      await player.getByTestId("join-dialog").getByRole("button", { name: "Join", exact: true }).click();
      await player.getByTestId("poker-table-screen").waitFor();
    }
    await page.locator(".poker-seat:not(.is-empty)").nth(2).waitFor({ timeout: 15_000 });
    for (let hand = 0; hand < 12; hand++) {
      const deadline = Date.now() + 60_000;
      await page.getByRole("button", { name: "Start Hand" }).click();
      await page.getByTestId("poker-winners").waitFor({ state: "hidden" });
      while (!(await page.getByTestId("poker-winners").isVisible())) {
        if (Date.now() > deadline) throw new Error("the hand did not end");
        const allIn = page.getByTestId("action-bar").getByRole("button", { name: "All-In", exact: true });
        if ((await allIn.isVisible()) && (await allIn.isEnabled()))
          await allIn.click().catch(() => undefined);
        else await checkOrCall(page).catch(() => false);
        await checkOrCall(caller.page).catch(() => false);
        await page.waitForTimeout(200);
      }
      await expect.poll(async () => (await readNewestHand())?.text.includes("*** SUMMARY ***")).toBe(true);
      const newest = (await readNewestHand())!;
      if (
        /: folds/.test(newest.text) &&
        /and is all-in/.test(newest.text) &&
        /\*\*\* SHOW DOWN \*\*\*/.test(newest.text)
      ) {
        replayed = { handId: newest.handId, seat: newest.seat };
        return;
      }
      if ((await page.locator(".poker-seat.is-me").count()) === 0)
        throw new Error("busted without a fold in the hand");
      await page.getByRole("button", { name: "Start Hand" }).waitFor({ timeout: 15_000 });
    }
    throw new Error("no hand had a fold, an all-in and a showdown");
  });

  it("opens from the history page and steps action by action, showing only the cards the player may see", {
    timeout: 120_000,
  }, async () => {
    await page.goto(`${profiles.casino.url}/history`);
    await page.getByRole("link", { name: `Replay poker hand ${replayed.handId}` }).click();
    await page.getByTestId("hand-replayer").waitFor();
    expect(new URL(page.url()).search).toBe(`?hand=${replayed.handId}`);
    await saveShot(page, "replayer-1280x800");

    const shown = new Set<number>();
    const texts: string[] = [];
    const next = page.getByRole("button", { name: "Next action" });
    for (let step = 0; step < 200; step++) {
      const now = await readStep();
      texts.push(now.text);
      for (const seat of now.seats) if (now.text.startsWith(`${seat.name} shows`)) shown.add(seat.seat);
      for (const seat of now.seats) {
        if (seat.seat === replayed.seat || shown.has(seat.seat)) continue;
        expect(seat.cards, `${now.text}: ${seat.name}'s hidden cards`).toEqual([]);
      }
      if (await next.isDisabled()) break;
      await next.click();
    }
    expect(texts.some((t) => t.endsWith(" folds"))).toBe(true);
    expect(texts.some((t) => t.endsWith(" and is all-in"))).toBe(true);
    expect(shown.size).toBeGreaterThan(0);
    expect(texts[texts.length - 1]).toMatch(/ wins \d+/);
    // The viewer's own cards are face up at the end.
    const end = await readStep();
    expect(end.seats.find((s) => s.seat === replayed.seat)?.cards).toHaveLength(2);
  });

  it("steps street by street, and on a phone fits the screen", async () => {
    await page.getByRole("button", { name: "Start", exact: true }).click();
    await page.getByRole("button", { name: "Next street" }).click();
    expect(await page.getByTestId("replay-street").textContent()).toBe("Flop");
    expect(await page.getByTestId("replay-board").locator("[data-card]").count()).toBe(3);
    await page.getByRole("button", { name: "Previous street" }).click();
    expect(await page.getByTestId("replay-street").textContent()).toBe("Pre-flop");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "End", exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await saveShot(page, "replayer-390x844");
  });
});

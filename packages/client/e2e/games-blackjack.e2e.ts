import {
  applyBlackjackAction,
  type BlackjackState,
  blackjackLegalActions,
  blackjackRoundResult,
  cardFace,
  type FloatStream,
  handTotal,
  startBlackjack,
} from "@casino/protocol";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import {
  expectInsufficientBalance,
  openGameForFile,
  saveSettledScreenshot,
  waitForHeaderHC,
  waitForRoom,
} from "./games-harness.ts";

const player = openGameForFile("blackjack", "10");

afterEach(async () => {
  // A test that failed mid-hand leaves it open: finish it so the next test starts at DEAL CARDS.
  const { page } = player;
  for (let i = 0; i < 3; i++) {
    const stand = page.getByRole("button", { name: "STAND" });
    if (!(await stand.isVisible())) break;
    await stand.click();
    await page.waitForTimeout(500);
  }
  const again = page.getByRole("button", { name: "New Game" });
  if (await again.isVisible()) await again.click();
});

const SUIT_SYMBOLS: Record<string, string> = { diamonds: "♦", hearts: "♥", spades: "♠", clubs: "♣" };

/** A card index as the screen's data-card attribute ("10♥"). */
const cardText = (card: number) => `${cardFace(card).rank}${SUIT_SYMBOLS[cardFace(card).suit]}`;

/** A deal that leaves the player to act, as the pure rules play it. */
const openDeal = (s: FloatStream): BlackjackState | null => {
  const state = startBlackjack(10_000_000, s);
  return state.phase === "player" ? state : null;
};

/** The result line SPEC.md section 8 gives a settled round. */
function expectedResultText(outcome: BlackjackState, bustedByHit: boolean): RegExp {
  const result = blackjackRoundResult(outcome);
  const texts: Record<string, RegExp> = {
    blackjack: /^Blackjack! Win of [\d.,]+ HC: stake [\d.,]+ HC, payout [\d.,]+ HC$/,
    win: /^You beat the dealer\. Win of [\d.,]+ HC: stake [\d.,]+ HC, payout [\d.,]+ HC$/,
    push: /^Same total as the dealer\. Push: stake [\d.,]+ HC, payout [\d.,]+ HC$/,
    lose: /^Dealer wins\. Loss of [\d.,]+ HC: stake [\d.,]+ HC, payout [\d.,]+ HC$/,
    bust: bustedByHit ? /^Bust! Dealer wins\. Loss of / : /^Bust! You lose\. Loss of /,
  };
  return texts[result] ?? /^$/;
}

/** The cards shown in the player's hands, hand by hand. */
function readHands(page: Page): Promise<string[][]> {
  return page
    .getByTestId("player-hand")
    .evaluateAll((hands) =>
      hands.map((hand) =>
        [...hand.querySelectorAll("[data-card]")].map((card) => card.getAttribute("data-card") ?? ""),
      ),
    );
}

/** Checks the settled round against the server's history and the header balance. */
async function expectSettledAsServer(page: Page, _wallet: string, before: number, bustedByHit = false) {
  const [row] = await player.history();
  const outcome = row?.outcome as unknown as BlackjackState;
  expect(row?.gameType).toBe("blackjack");
  await expect(page.getByTestId("result-text").textContent()).resolves.toMatch(
    expectedResultText(outcome, bustedByHit),
  );
  expect(await readHands(page)).toEqual(outcome.hands.map((hand) => hand.cards.map(cardText)));
  const dealer = await page
    .getByTestId("dealer-hand")
    .locator("[data-card]")
    .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card")));
  expect(dealer).toEqual(outcome.dealer.map(cardText));
  const change = Math.round(((row?.winAmount ?? 0) - (row?.betAmount ?? 0)) * 1_000_000);
  expect(await player.houseUnits()).toBe(before + change);
  await waitForHeaderHC(page, before + change);
  await page.getByRole("button", { name: "New Game" }).click();
  await page.getByRole("button", { name: "DEAL CARDS" }).waitFor();
  return row;
}

describe("Galaxy Blackjack in the browser", () => {
  it("splits a pair into two hands, plays the active one first, and settles both", async () => {
    const { page, wallet } = player;
    await player.arrange((s) => {
      const state = openDeal(s);
      if (!state || !blackjackLegalActions(state).split) return false;
      const split = applyBlackjackAction(state, "split", s);
      return !("error" in split) && split.state.phase === "player" && split.state.activeHand === 0;
    });
    const before = await player.houseUnits();
    await page.getByRole("button", { name: "DEAL CARDS" }).click();
    await page.getByRole("button", { name: "SPLIT" }).waitFor();
    await expect(
      page.getByTestId("dealer-hand").locator('[data-card="hidden"]').count(),
      "the hole card is hidden",
    ).resolves.toBe(1);
    const dealt = await readHands(page);
    expect(dealt[0]?.[0]?.replace(/[♦♥♠♣]/, "")).toBe(dealt[0]?.[1]?.replace(/[♦♥♠♣]/, ""));
    await page.getByRole("button", { name: "SPLIT" }).click();
    await page.getByTestId("player-hand").nth(1).waitFor();
    await expect(
      page.getByTestId("player-hand").evaluateAll((hands) => hands.map((h) => h.getAttribute("data-active"))),
    ).resolves.toEqual(["true", "false"]);
    await expect(page.getByTestId("bj-status").textContent()).resolves.toMatch(
      /^Hand 1 of 2: |^21! Must stand$/,
    );
    await saveSettledScreenshot(page, "game-blackjack-split");
    await page.getByRole("button", { name: "STAND" }).click();
    await page
      .locator('[data-testid="player-hand"][data-active="true"]')
      .filter({ hasText: "Hand 2" })
      .waitFor();
    await page.getByRole("button", { name: "STAND" }).click();
    await page.getByRole("button", { name: "New Game" }).waitFor();
    const row = await expectSettledAsServer(page, wallet, before);
    expect(row?.betAmount, "a split doubles the stake").toBe(20);
  });

  it("doubles on the first two cards: one more card, twice the bet", async () => {
    const { page, wallet } = player;
    await player.arrange((s) => {
      const state = openDeal(s);
      if (!state || !blackjackLegalActions(state).double || blackjackLegalActions(state).split) return false;
      const total = handTotal(state.hands[0]!.cards).total;
      return total >= 9 && total <= 11;
    });
    const before = await player.houseUnits();
    await page.getByRole("button", { name: "DEAL CARDS" }).click();
    await page.getByRole("button", { name: "DOUBLE", exact: true }).click();
    await page.getByRole("button", { name: "New Game" }).waitFor();
    await expect(readHands(page).then((hands) => hands[0]?.length)).resolves.toBe(3);
    await saveSettledScreenshot(page, "game-blackjack-double");
    const row = await expectSettledAsServer(page, wallet, before);
    expect(row?.betAmount).toBe(20);
  });

  it("says 21! Must stand after a hit to 21 and only allows STAND", async () => {
    const { page, wallet } = player;
    await player.arrange((s) => {
      const state = openDeal(s);
      if (!state) return false;
      const hit = applyBlackjackAction(state, "hit", s);
      return (
        !("error" in hit) && hit.state.phase === "player" && handTotal(hit.state.hands[0]!.cards).total === 21
      );
    });
    const before = await player.houseUnits();
    await page.getByRole("button", { name: "DEAL CARDS" }).click();
    await page.getByRole("button", { name: "HIT" }).click();
    await page.getByTestId("bj-status").filter({ hasText: "21! Must stand" }).waitFor();
    await expect(page.getByRole("button", { name: "HIT" }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "DOUBLE", exact: true }).isDisabled()).resolves.toBe(true);
    await saveSettledScreenshot(page, "game-blackjack-21");
    await page.getByRole("button", { name: "STAND" }).click();
    await page.getByRole("button", { name: "New Game" }).waitFor();
    await expectSettledAsServer(page, wallet, before);
  });

  it("a hit past 21 busts: Bust! Dealer wins", async () => {
    const { page, wallet } = player;
    await player.arrange((s) => {
      const state = openDeal(s);
      if (!state || handTotal(state.hands[0]!.cards).total < 13) return false;
      const hit = applyBlackjackAction(state, "hit", s);
      return !("error" in hit) && hit.state.phase === "settled" && hit.state.hands[0]?.result === "bust";
    });
    const before = await player.houseUnits();
    await page.getByRole("button", { name: "DEAL CARDS" }).click();
    await page.getByRole("button", { name: "HIT" }).click();
    await page.getByRole("button", { name: "New Game" }).waitFor();
    await expect(page.getByTestId("result-text").textContent()).resolves.toBe(
      "Bust! Dealer wins. Loss of 10 HC: stake 10 HC, payout 0 HC",
    );
    await expectSettledAsServer(page, wallet, before, true);
  });

  it("resumes an open hand after a reload", async () => {
    const { page } = player;
    await player.arrange((s) => openDeal(s) !== null);
    await page.getByRole("button", { name: "DEAL CARDS" }).click();
    await page.getByRole("button", { name: "STAND" }).waitFor();
    const dealt = await readHands(page);
    await page.reload();
    await waitForRoom(page);
    await page.getByRole("button", { name: "STAND" }).waitFor();
    expect(await readHands(page)).toEqual(dealt);
    const before = await player.houseUnits();
    await page.getByRole("button", { name: "STAND" }).click();
    await page.getByRole("button", { name: "New Game" }).waitFor();
    const [row] = await player.history();
    const change = Math.round((row?.winAmount ?? 0) * 1_000_000);
    await waitForHeaderHC(page, before + change);
  });

  it("disables the deal, with the reason, while the balance is below the minimum bet", async () => {
    const { page } = player;
    await expectInsufficientBalance(page, page.getByRole("button", { name: "DEAL CARDS" }));
  });
});

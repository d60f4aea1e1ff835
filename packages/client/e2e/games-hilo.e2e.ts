import {
  type FloatStream,
  guessHilo,
  type HiloState,
  hiloQuote,
  hiloRank,
  startHilo,
} from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { formatAmount } from "../src/ui/format.ts";
import {
  expectInsufficientBalance,
  openGameForFile,
  saveSettledScreenshot,
  waitForHeaderHC,
} from "./games-harness.ts";

const player = openGameForFile("hilo", "10");

/** The first card of a round and the state after guessing HIGHER on it. */
function guessHigher(s: FloatStream): { first: HiloState; after: HiloState } | null {
  const first = startHilo(10_000_000, s);
  if (hiloRank(first.cards[0]!) === 13) return null;
  const step = guessHilo(first, "higher", s);
  return "error" in step ? null : { first, after: step.state };
}

/** Arranges a HIGHER guess that loses, the next card's rank standing to the first's as `ranks` wants. */
function arrangeLostHigher(ranks: (next: number, first: number) => boolean): Promise<string> {
  return player.arrange((s) => {
    const played = guessHigher(s);
    return (
      played !== null &&
      played.after.status === "lost" &&
      ranks(hiloRank(played.after.cards[1]!), hiloRank(played.first.cards[0]!))
    );
  });
}

describe("Cosmic Hi-Lo in the browser", () => {
  it("shows what HIGHER and LOWER pay, wins a guess and cashes out", async () => {
    const { page } = player;
    let quote: ReturnType<typeof hiloQuote> | undefined;
    await player.arrange((s) => {
      const played = guessHigher(s);
      if (played?.after.streak !== 1 || hiloRank(played.first.cards[0]!) > 7) return false;
      quote = hiloQuote(played.first);
      return true;
    });
    const before = await player.houseUnits();
    await expect(
      page.getByRole("button", { name: /^CASH OUT/ }).count(),
      "no CASH OUT before a round",
    ).resolves.toBe(0);
    await page.getByRole("button", { name: "DEAL CARDS" }).click();
    const higher = page.getByTestId("hilo-higher");
    await higher.filter({ hasText: `HIGHER ${quote?.higher?.multiplier}x` }).waitFor();
    await expect(page.getByTestId("hilo-lower").textContent()).resolves.toBe(
      `LOWER ${quote?.lower ? `${quote.lower.multiplier}x` : "–"}`,
    );
    await expect(
      page.getByRole("button", { name: /^CASH OUT/ }).isDisabled(),
      "CASH OUT needs a streak",
    ).resolves.toBe(true);
    await saveSettledScreenshot(page, "game-hilo-dealt");
    await higher.click();
    await page.getByTestId("hilo-streak").filter({ hasText: /^1$/ }).waitFor();
    const potential = (await page.getByTestId("hilo-potential").textContent()) ?? "";
    await page.getByRole("button", { name: /^CASH OUT/ }).click();
    await page
      .getByTestId("result-text")
      .filter({ hasText: /^Cashed out / })
      .waitFor();
    await page.getByRole("button", { name: "NEW GAME" }).waitFor();
    const [row] = await player.history();
    expect(row).toMatchObject({ gameType: "hilo", betAmount: 10, currency: "HC" });
    expect(`${row?.winAmount} HC`).toBe(potential);
    await expect(page.getByTestId("result-text").textContent()).resolves.toBe(
      `Cashed out at ${quote?.higher?.multiplier}x. Win of ${formatAmount(Math.round(((row?.winAmount ?? 0) - 10) * 1_000_000), "HC")} HC: stake 10 HC, payout ${row?.winAmount} HC`,
    );
    const change = Math.round(((row?.winAmount ?? 0) - 10) * 1_000_000);
    await waitForHeaderHC(page, before + change);
    await saveSettledScreenshot(page, "game-hilo-cashed-out");
  });

  it("equal cards lose: Equal cards! Game over", async () => {
    const { page } = player;
    await arrangeLostHigher((next, first) => next === first);
    const before = await player.houseUnits();
    await page.getByRole("button", { name: "NEW GAME" }).click();
    await page.getByTestId("hilo-higher").and(page.locator(":enabled")).click();
    await page.getByTestId("result-text").filter({ hasText: "Equal cards! Game over" }).waitFor();
    const [row] = await player.history();
    expect(row).toMatchObject({ gameType: "hilo", betAmount: 10, winAmount: 0 });
    await waitForHeaderHC(page, before - 10_000_000);
    await saveSettledScreenshot(page, "game-hilo-equal");
  });

  it("a wrong guess loses: Wrong! Game over", async () => {
    const { page } = player;
    await arrangeLostHigher((next, first) => next < first);
    await page.getByRole("button", { name: "NEW GAME" }).click();
    await page.getByTestId("hilo-higher").and(page.locator(":enabled")).click();
    await page.getByTestId("result-text").filter({ hasText: "Wrong! Game over" }).waitFor();
    const [row] = await player.history();
    expect(row).toMatchObject({ winAmount: 0 });
  });

  it("disables a new round, with the reason, while the balance is below the minimum bet", async () => {
    const { page } = player;
    await expectInsufficientBalance(page, page.getByRole("button", { name: "NEW GAME" }));
  });
});

/**
 * /verify in the browser: a worked example of docs/FAIRNESS.md typed into the form gives the
 * document's outcome; a blackjack round played through the API and opened from /history replays to
 * the stored outcome; a poker hand id that does not exist is reported, not verified.
 */
import { readFile } from "node:fs/promises";
import { readFairnessBlocks } from "@casino/protocol/fair/fairness-doc";
import { describe, expect, it } from "vitest";
import { test } from "./fixtures.ts";
import { fetchHistory, type GamePlayer, openGame, postFromPage } from "./games-harness.ts";
import { saveScreenshot } from "./harness.ts";

let player: GamePlayer;

test.beforeAll(async ({ profiles }) => {
  player = await openGame(profiles, "blackjack");
});

/** A worked example of the document. */
type Example = {
  example: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  input: { stake: number; actions?: string[] };
  floats: number[];
  outcome: unknown;
};

describe("the verifier page", () => {
  it("recomputes the document's blackjack split example typed into the form", async () => {
    const doc = await readFile(new URL("../../../docs/FAIRNESS.md", import.meta.url), "utf8");
    const example = (readFairnessBlocks(doc, "fairness-example") as Example[]).find(
      (e) => e.example === "blackjack-split",
    )!;
    const { page } = player;
    await page.goto(`${player.casino.url}/verify`);
    await page.getByLabel("Game").selectOption("blackjack");
    await page.getByLabel("Server seed (revealed)").fill(example.serverSeed);
    await page.getByLabel("Client seed").fill(example.clientSeed);
    await page.getByLabel("Nonce").fill(String(example.nonce));
    await page.getByLabel("Stake (coins)").fill(String(example.input.stake / 1_000_000));
    await page.getByLabel("Published server seed hash (optional)").fill(example.serverSeedHash);
    await page.getByLabel("Actions after the deal").fill((example.input.actions ?? []).join(", "));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await page.waitForURL(/\/verify\?game=blackjack&serverSeed=/);
    const json = await page.getByTestId("verify-outcome-json").textContent();
    expect(JSON.parse(json ?? "null")).toEqual(example.outcome);
    await expect(page.getByTestId("verify-hash-check").getAttribute("data-ok")).resolves.toBe("true");
    await expect(page.getByTestId("verify-float").count()).resolves.toBe(example.floats.length);
    const mappings = await page
      .getByTestId("verify-float")
      .evaluateAll((rows) => rows.map((r) => r.textContent));
    expect(mappings[0]).toContain("player card 1: floor(f × 52) = 24 → 8♦");
    await saveScreenshot(page, "verify-blackjack-example");
  });

  it("replays a blackjack round opened from /history to its stored outcome", async () => {
    const { page, wallet } = player;
    const deal = await postFromPage(page, "/api/games/blackjack/deal", { betAmount: 5, currency: "HC" });
    expect(deal.status, JSON.stringify(deal.body)).toBe(200);
    for (let i = 0; i < 3; i++) await postFromPage(page, "/api/games/blackjack/stand", {});
    const [round] = await fetchHistory(page, wallet);
    expect(round).toMatchObject({ gameType: "blackjack" });
    expect((await postFromPage(page, "/api/game-seeds/new-server-seed", {})).status).toBe(200);
    await page.goto(`${player.casino.url}/history?game=blackjack`);
    await page.getByRole("link", { name: /^Verify / }).click();
    await page.waitForURL(/\/verify\?game=blackjack&/);
    const json = await page.getByTestId("verify-outcome-json").textContent();
    const [settled] = await fetchHistory(page, wallet);
    expect(JSON.parse(json ?? "null")).toEqual(settled?.outcome);
    await expect(page.getByTestId("verify-hash-check").getAttribute("data-ok")).resolves.toBe("true");
    await saveScreenshot(page, "verify-blackjack-from-history");
  });

  it("reports a poker hand id without an opening", async () => {
    const { page } = player;
    await page.goto(`${player.casino.url}/verify?handId=999999`);
    await expect(page.getByLabel("Game").inputValue()).resolves.toBe("poker");
    const error = page.getByTestId("verify-error");
    await error.waitFor({ timeout: 10_000 });
    // The catalogue's text, with no HTTP status in it.
    expect(await error.textContent()).toBe("No such hand");
  });
});

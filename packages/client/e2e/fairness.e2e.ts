import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { test } from "./fixtures.ts";
import { postFromPage } from "./games-harness.ts";
import { saveScreenshot, waitForToast } from "./harness.ts";

let page: Page;

test.beforeAll(async ({ profiles }) => {
  ({ page } = await profiles.visit("/casino"));
  await page.getByTestId("server-seed-hash").waitFor();
});

describe("provably-fair panel", () => {
  it("shows the committed hash, client seed, nonce and Active", async () => {
    await expect(page.getByTestId("server-seed-hash").textContent()).resolves.toMatch(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId("nonce").textContent()).resolves.toBe("0");
    await expect(page.getByTestId("seed-status").textContent()).resolves.toBe("Active");
    expect(((await page.getByTestId("client-seed").textContent()) ?? "").length).toBeGreaterThan(0);
  });

  it("refuses an empty client seed with the Invalid seed toast", async () => {
    await page.getByLabel("New client seed").fill("   ");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    expect(await waitForToast(page, "Please enter a client seed")).toContain("Invalid seed");
  });

  it("updates the client seed", async () => {
    await page.getByLabel("New client seed").fill("nebula-seed-42");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await waitForToast(page, "Client seed updated");
    await page.getByTestId("client-seed").getByText("nebula-seed-42", { exact: true }).waitFor();
  });

  it("rotates the server seed and reveals the previous one, which hashes to the old commitment", async () => {
    const committed = (await page.getByTestId("server-seed-hash").textContent()) ?? "";
    await page.getByRole("button", { name: "New server seed" }).click();
    await waitForToast(page, "New server seed generated");
    const revealed = page.getByTestId("revealed-seed");
    await revealed.waitFor();
    const seed = (await page.getByTestId("revealed-server-seed").textContent()) ?? "";
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash("sha256").update(seed).digest("hex")).toBe(committed);
    await expect(page.getByTestId("revealed-server-seed-hash").textContent()).resolves.toBe(committed);
    await expect(revealed.textContent()).resolves.toContain("matches the commitment");
    await page.waitForFunction(
      (old) => document.querySelector("[data-testid=server-seed-hash]")?.textContent !== old,
      committed,
    );
    await saveScreenshot(page, "lobby-seed-rotated");
  });

  it("shows a round played through the API in the history, and Verify replays it", async () => {
    const { status } = await postFromPage(page, "/api/games/dice", {
      betAmount: 5,
      currency: "HC",
      betType: "seven",
    });
    expect(status, "POST /api/games/dice plays a round").toBe(200);
    const rows = await page.evaluate(() =>
      fetch(`/api/game-sessions/${localStorage.getItem("walletAddress")}`).then((r) => r.json()),
    );
    expect(
      rows[0],
      "docs/API.md: every history row carries the round's input, which Verify replays",
    ).toHaveProperty("input");
    await page.reload();
    const row = page.getByTestId("history-row").first();
    await row.waitFor({ timeout: 10_000 });
    await expect(row.textContent()).resolves.toContain("Nebula Dice");
    await row.getByRole("button", { name: /^Verify/ }).click();
    await expect(row.getByTestId("verify-result").getAttribute("data-kind")).resolves.toBe("unrevealed");

    await page.getByRole("button", { name: "New server seed" }).click();
    await waitForToast(page, "New server seed generated");
    await page.reload();
    const revealedRow = page.getByTestId("history-row").first();
    await revealedRow.getByRole("button", { name: /^Verify/ }).click();
    const verdict = revealedRow.getByTestId("verify-result");
    await verdict.waitFor({ timeout: 10_000 });
    const shown = { kind: await verdict.getAttribute("data-kind"), text: await verdict.textContent() };
    expect(shown).toEqual({ kind: "match", text: expect.stringContaining("Verified") });
    await saveScreenshot(page, "lobby-history-verified");
  });
});

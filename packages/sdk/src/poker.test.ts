/**
 * An SDK bot sits at a House table and plays hands with the bot brain: every turn is answered with a
 * legal move on the current table version (no refusal, never the action timer), and its stack goes
 * back to the wallet when it leaves.
 */
import { createSeededRandom } from "@casino/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestCasino } from "../../server/src/http/test-helpers.ts";
import { expectMoneyConserved, startPokerCasino } from "../../server/src/poker/test-helpers.ts";
import { sitWithBotBrain } from "./poker.ts";
import { connectDemo } from "./session.ts";

describe("sdk poker bot", () => {
  let casino: TestCasino;
  beforeAll(async () => {
    // The action timer is long: a turn the SDK bot missed would stall the test instead of passing.
    casino = await startPokerCasino({ actionTimeoutMs: 30_000 });
  });
  afterAll(() => casino?.stop());

  it("sits at a House table and plays a few hands with the bot brain", { timeout: 30_000 }, async () => {
    const session = await connectDemo(casino.url);
    const bot = await sitWithBotBrain(session, "house-alpha", { random: createSeededRandom(7) });
    expect(bot.seat).toBeGreaterThanOrEqual(0);
    const started = Date.now();
    while (bot.hands.size < 4 && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 50));
    expect(bot.hands.size).toBeGreaterThanOrEqual(4);
    expect(bot.actions).toBeGreaterThan(0);
    expect(bot.errors).toEqual([]);
    await bot.leave();
    await expectMoneyConserved(casino);
  });
});

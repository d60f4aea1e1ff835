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
import { seatOfUser } from "./poker-view.ts";
import { connectDemo } from "./session.ts";

describe("sdk poker bot", () => {
  let casino: TestCasino;
  beforeAll(async () => {
    // The action timer is long: a turn the SDK bot missed would stall the test instead of passing.
    casino = await startPokerCasino({ actionTimeoutMs: 30_000 });
  });
  afterAll(() => casino?.stop());

  it("sits at a House table and plays a few hands with the bot brain", { timeout: 60_000 }, async () => {
    const session = await connectDemo(casino.url);
    const random = createSeededRandom(7);
    // The deck is the server's, so the bot may lose its stack: it then buys in again (1000 HC buys 20).
    const bots = [await sitWithBotBrain(session, "house-alpha", { random })];
    expect(bots[0]!.seat).toBeGreaterThanOrEqual(0);
    const hands = () => bots.reduce((sum, bot) => sum + bot.hands.size, 0);
    const started = Date.now();
    while (hands() < 4 && Date.now() - started < 40_000) {
      await new Promise((r) => setTimeout(r, 50));
      const bot = bots.at(-1)!;
      if (bot.hands.size > 0 && seatOfUser(bot.room.state, session.userId) < 0) {
        await bot.room.leave();
        bots.push(await sitWithBotBrain(session, "house-alpha", { random }));
      }
    }
    expect(hands()).toBeGreaterThanOrEqual(4);
    expect(bots.reduce((sum, bot) => sum + bot.actions, 0)).toBeGreaterThan(0);
    expect(bots.flatMap((bot) => bot.errors)).toEqual([]);
    await bots.at(-1)!.leave();
    await expectMoneyConserved(casino);
  });
});

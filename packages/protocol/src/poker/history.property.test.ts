import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { playedHands, step, tableSetup } from "./engine/generated-play.test-helpers.ts";
import type { TableEvent } from "./engine/types.ts";
import { exportHandHistory } from "./history.ts";

/** The history's lines between its header and its summary: what a table log shows of a hand. */
function story(events: readonly TableEvent[]): string[] {
  const lines = exportHandHistory(events, { tableName: "T", maxPlayers: 9, startedAt: 0, heroSeat: 0 })
    .trimEnd()
    .split("\n")
    .slice(2);
  return lines.slice(0, lines.indexOf("*** SUMMARY ***"));
}

describe("a hand history told while the hand is played (property)", () => {
  it("only ever grows: after each action, the story so far is the start of the finished hand's story", () => {
    let hands = 0;
    fc.assert(
      fc.property(tableSetup, fc.array(step, { maxLength: 200, size: "max" }), (setup, steps) => {
        for (const { events, counts } of playedHands(setup, steps)) {
          hands++;
          const told = story(events);
          for (const count of counts) {
            const sofar = story(events.slice(0, count));
            expect(told.slice(0, sofar.length), `after ${events[count - 1]?.type}`).toEqual(sofar);
          }
        }
      }),
      { seed: 4243, numRuns: 100 },
    );
    expect(hands).toBeGreaterThan(300);
  });
});

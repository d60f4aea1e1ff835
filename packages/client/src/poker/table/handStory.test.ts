import { redactEvents } from "@casino/protocol/poker/engine/view";
import { exportHandHistory } from "@casino/protocol/poker/history";
import { describe, expect, it } from "vitest";
import { actAll, makeTable, moves, startRigged } from "../../../../protocol/src/poker/engine/test-helpers.ts";
import { findViewerSeat, tellHand } from "./handStory.ts";

const TABLE = { name: "House Table Alpha", maxPlayers: 6, currency: "HC" };

/** A three-handed hand to the river, seen from seat 0. */
function playHand() {
  const started = startRigged(
    makeTable({ 0: 500, 1: 500, 2: 500 }),
    { 0: "As Ah", 1: "Ks Kh" },
    "9c 8d 4h Js 6c",
  );
  const played = actAll(
    started.state,
    moves("call 0, call 1, fold 2, check 1, check 0, check 1, check 0, check 1, check 0"),
  );
  return redactEvents([...started.events, ...played.events], 0);
}

describe("tellHand", () => {
  it("tells a finished hand with the hand history's own lines between its header and summary", () => {
    const events = playHand();
    const history = exportHandHistory(events, {
      tableName: TABLE.name,
      maxPlayers: 6,
      startedAt: 0,
      heroSeat: 0,
      currency: "HC",
    })
      .trimEnd()
      .split("\n");
    const story = tellHand(events, TABLE, "id0");
    expect(story).toEqual(history.slice(2, history.indexOf("*** SUMMARY ***")));
    expect(story).toContain("p1: posts small blind 5");
    expect(story).toContain("Dealt to p0 [As Ah]");
    expect(story).toContain("p2: folds");
  });

  it("tells a hand in play up to its latest event, and nothing before the deal", () => {
    const events = playHand();
    const firstFlop = events.findIndex((e) => e.type === "street_dealt");
    const story = tellHand(events.slice(0, firstFlop + 1), TABLE, "id0");
    expect(story[story.length - 1]).toBe("*** FLOP *** [9c 8d 4h]");
    expect(tellHand([], TABLE, "id0")).toEqual([]);
  });

  it("finds the viewer's seat in the hand, or none for a watcher", () => {
    const events = playHand();
    expect(findViewerSeat(events, "id1")).toBe(1);
    expect(findViewerSeat(events, "someone")).toBeNull();
  });
});

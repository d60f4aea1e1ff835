import { redactEvents } from "@casino/protocol/poker/engine/view";
import { describe, expect, it } from "vitest";
import { actAll, makeTable, moves, startRigged } from "../../../../protocol/src/poker/engine/test-helpers.ts";
import { buildFrames, findNextStreet, findPreviousStreet } from "./replayFrames.ts";

/** A three-handed hand: seat 0 folds, seat 1 goes all-in, seat 2 calls, the board runs out to a showdown. */
function playFoldAllInShowdown() {
  const started = startRigged(
    makeTable({ 0: 500, 1: 200, 2: 500 }),
    { 0: "2c 7d", 1: "As Ah", 2: "Ks Kh" },
    "9c 8d 4h Js 6c",
  );
  return [
    ...started.events,
    ...actAll(started.state, moves("fold 0, raise 1 200, call 2, advance, advance, advance")).events,
  ];
}

describe("buildFrames", () => {
  const events = playFoldAllInShowdown();

  it("steps from the blinds through the fold, the all-in, the run-out and the award, chips conserved", () => {
    const frames = buildFrames(redactEvents(events, 0));
    const texts = frames.map((f) => f.text);
    expect(texts).toContain("p0 folds");
    expect(texts).toContain("p1 raises to 200 and is all-in");
    expect(texts).toContain("p2 calls 190");
    expect(texts.filter((t) => t.endsWith(" dealt") && !t.includes("their cards"))).toEqual([
      "Flop dealt",
      "Turn dealt",
      "River dealt",
    ]);
    const last = frames[frames.length - 1]!;
    expect(last.text).toMatch(/^p1 wins \d+ with /);
    const rake = events.reduce((sum, e) => sum + (e.type === "rake_taken" ? e.amount : 0), 0);
    const totals = frames.map((f) => f.pot + f.seats.reduce((sum, s) => sum + s.stack + s.bet, 0));
    expect(totals[0]).toBe(1200);
    expect(totals.every((t) => t === 1200 || t === 1200 - rake)).toBe(true);
    expect(totals[totals.length - 1]).toBe(1200 - rake);
  });

  it("never shows a card the viewer was not entitled to see", () => {
    // Seat 0 folded: it sees its own cards at once and the others' only once they are shown.
    const frames = buildFrames(redactEvents(events, 0));
    const shownAt = (seat: number) => frames.findIndex((f) => f.text.startsWith(`p${seat} shows`));
    for (const seat of [1, 2]) {
      expect(shownAt(seat)).toBeGreaterThan(0);
      for (const frame of frames.slice(0, shownAt(seat)))
        expect(frame.seats.find((s) => s.seat === seat)!.cards).toEqual([]);
    }
    expect(frames[frames.length - 1]!.seats.find((s) => s.seat === 0)!.cards).toHaveLength(2);
    // A folded hand stays hidden from the others to the end.
    const other = buildFrames(redactEvents(events, 2));
    for (const frame of other) expect(frame.seats.find((s) => s.seat === 0)!.cards).toEqual([]);
  });

  it("moves street by street both ways", () => {
    const frames = buildFrames(redactEvents(events, 0));
    const flop = findNextStreet(frames, 0);
    expect(frames[flop]!.street).toBe("flop");
    const turn = findNextStreet(frames, flop);
    expect(frames[turn]!.street).toBe("turn");
    expect(findPreviousStreet(frames, turn)).toBe(flop);
    expect(findPreviousStreet(frames, flop)).toBe(0);
  });
});

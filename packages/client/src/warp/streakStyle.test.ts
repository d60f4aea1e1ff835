import { describe, expect, it } from "vitest";
import { bandOf, bandStreaks, countStarsFor, STREAK_BANDS } from "./streakStyle.ts";

const streak = (alpha: number) => ({ x1: 0, y1: 0, x2: 1, y2: 1, alpha, width: 1 });

describe("streak bands", () => {
  it("puts far (dim) streaks in the first band and near (bright) ones in the last", () => {
    expect(bandOf(streak(0.25))).toBe(0);
    expect(bandOf(streak(0.5))).toBe(1);
    expect(bandOf(streak(1))).toBe(STREAK_BANDS.length - 1);
    expect(bandOf(streak(0))).toBe(0);
  });

  it("keeps every streak in exactly one band", () => {
    const streaks = Array.from({ length: 40 }, (_, i) => streak(0.25 + (0.75 * i) / 39));
    const bands = bandStreaks(streaks);
    expect(bands).toHaveLength(STREAK_BANDS.length);
    expect(bands.flat()).toHaveLength(40);
  });

  it("scales the star count with the screen, within bounds", () => {
    expect(countStarsFor(320, 480)).toBe(200);
    expect(countStarsFor(1280, 800)).toBe(410);
    expect(countStarsFor(3840, 2160)).toBe(700);
  });
});

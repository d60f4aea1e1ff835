import { describe, expect, it } from "vitest";
import { fitFelt, MIN_FELT_HEIGHT } from "./feltFit.ts";

/** A desktop table page: the title bar above the felt, the pinned header and the action bar below. */
const DESKTOP_LAYOUT = { feltTop: 180, pinnedTop: 70, reserveBottom: 100 };

describe("fitFelt", () => {
  it("fills a laptop screen below the table's title bar and above the action bar, without scrolling", () => {
    const fit = fitFelt({ ...DESKTOP_LAYOUT, viewportHeight: 800, width: 1248 });
    expect(fit).toEqual({ height: 512, scrollTo: null });
  });

  it("keeps a large screen's felt no taller than its width allows", () => {
    const fit = fitFelt({ ...DESKTOP_LAYOUT, viewportHeight: 1080, width: 1200 });
    expect(fit.height).toBe(744);
    expect(fit.scrollTo).toBeNull();
  });

  it("gives an upright phone a felt taller than it is wide", () => {
    const fit = fitFelt({ viewportHeight: 844, width: 358, feltTop: 230, pinnedTop: 0, reserveBottom: 180 });
    expect(fit.height).toBeGreaterThan(358);
    expect(fit.scrollTo).toBeNull();
  });

  it("scrolls a phone on its side so the felt takes the height between the pinned header and the action bar", () => {
    const fit = fitFelt({ viewportHeight: 390, width: 812, feltTop: 200, pinnedTop: 0, reserveBottom: 100 });
    expect(fit).toEqual({ height: 282, scrollTo: 196 });
  });

  it("never shrinks the felt below the least that holds the seats", () => {
    const fit = fitFelt({ viewportHeight: 200, width: 500, feltTop: 300, pinnedTop: 60, reserveBottom: 150 });
    expect(fit.height).toBe(MIN_FELT_HEIGHT);
  });
});

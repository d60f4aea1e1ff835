import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type FeltFit, fitFelt } from "./feltFit.ts";

/** The action bar's height before it was first seen: two rows on a laptop, three on a phone. */
function guessBarHeight(width: number): number {
  return width < 600 ? 200 : 120;
}

/** The height of a header pinned over the page while it scrolls (sticky or fixed), else 0. */
function measurePinnedTop(): number {
  const header = document.querySelector<HTMLElement>(".site-header");
  if (!header) return 0;
  const { position } = getComputedStyle(header);
  return position === "sticky" || position === "fixed" ? header.offsetHeight : 0;
}

/**
 * Sizes the felt from the viewport (re-measured on resize) and, on the player's turn, scrolls it
 * into place when the screen is too short for the page above it.
 */
export function useFeltFit(seated: boolean, myTurn: boolean) {
  const feltRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const barSeen = useRef(0);
  const [fit, setFit] = useState<FeltFit | null>(null);

  const measure = useCallback(() => {
    const felt = feltRef.current;
    if (!felt) return;
    const width = felt.clientWidth;
    const bar = barRef.current?.offsetHeight ?? 0;
    if (bar > 0) barSeen.current = bar;
    const next = fitFelt({
      viewportHeight: window.innerHeight,
      width,
      feltTop: felt.getBoundingClientRect().top + window.scrollY,
      pinnedTop: measurePinnedTop(),
      reserveBottom: seated ? bar || barSeen.current || guessBarHeight(width) : 0,
    });
    setFit((old) => (old && old.height === next.height && old.scrollTo === next.scrollTo ? old : next));
  }, [seated]);

  // Measured once before the first paint, then whenever the page's box changes (a bar shown, a row
  // above growing): measuring after every render would force a layout on every room update.
  useLayoutEffect(measure, [measure]);

  useEffect(() => {
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [measure]);

  // On the player's turn the whole felt comes into view, below a pinned header and above the bar.
  const scrollTo = fit?.scrollTo ?? null;
  useEffect(() => {
    const felt = feltRef.current;
    if (!myTurn || !felt) return;
    const box = felt.getBoundingClientRect();
    const pinned = measurePinnedTop();
    const bar = barRef.current?.offsetHeight ?? barSeen.current;
    if (scrollTo === null && box.top >= pinned && box.bottom <= window.innerHeight - bar) return;
    window.scrollTo({ top: scrollTo ?? Math.max(0, Math.round(box.top + window.scrollY - pinned - 8)) });
  }, [myTurn, scrollTo]);

  return { feltRef, barRef, feltHeight: fit?.height };
}

/**
 * The felt's height from the viewport: the table is laid out from the screen the player holds, so
 * the board, every seat and the action bar fixed to the bottom edge are all in view on their turn.
 */

/** What the felt's height is worked out from, in CSS pixels. */
export type FeltRoom = {
  /** The viewport's inner height. */
  viewportHeight: number;
  /** The felt's width (the page's content width). */
  width: number;
  /** The felt's top edge from the top of the document. */
  feltTop: number;
  /** The height of whatever stays pinned over the top of the page (a sticky header), 0 when none. */
  pinnedTop: number;
  /** The room kept free at the bottom for the action bar. */
  reserveBottom: number;
};

/** Below this height a felt cannot hold a ring of seats around a board. */
export const MIN_FELT_HEIGHT = 220;

/** A felt is never taller than this many widths on a phone held upright, nor flatter screens. */
const MAX_TALL_RATIO = 1.5;
const MAX_WIDE_RATIO = 0.62;

/** Space kept between the felt and the action bar. */
const GAP = 8;

/** Where the felt goes: its height, and whether the page must scroll it up under the pinned header. */
export type FeltFit = { height: number; scrollTo: number | null };

/**
 * Fits the felt below its place on the page when there is room for a useful table there;
 * otherwise (a phone on its side) the felt takes the whole height below the pinned header and the
 * page scrolls it into place on the player's turn.
 */
export function fitFelt(room: FeltRoom): FeltFit {
  const maxHeight = Math.round(room.width * (room.width < 600 ? MAX_TALL_RATIO : MAX_WIDE_RATIO));
  const inPlace = room.viewportHeight - room.feltTop - room.reserveBottom - GAP;
  const wanted = Math.min(maxHeight, Math.max(MIN_FELT_HEIGHT, 0.5 * room.viewportHeight));
  if (inPlace >= wanted) return { height: Math.min(maxHeight, Math.floor(inPlace)), scrollTo: null };
  const scrolled = room.viewportHeight - room.pinnedTop - room.reserveBottom - GAP;
  return {
    height: Math.floor(Math.min(maxHeight, Math.max(MIN_FELT_HEIGHT, scrolled))),
    scrollTo: Math.max(0, Math.round(room.feltTop - room.pinnedTop - GAP / 2)),
  };
}

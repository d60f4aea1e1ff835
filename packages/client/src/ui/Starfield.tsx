import { createStarShadows } from "./starShadows.ts";
import "./starfield.css";

const TILE = 2000;
const LAYERS = [
  { className: "stars stars-small", shadows: createStarShadows(11, 600, TILE) },
  { className: "stars stars-medium", shadows: createStarShadows(23, 200, TILE) },
  { className: "stars stars-large", shadows: createStarShadows(37, 70, TILE) },
];

/**
 * Gives a layer its stars from script, after the markup: a prerendered page's HTML may carry no style
 * attribute (the Content-Security-Policy forbids them), and hydration does not add one.
 */
function paintStars(element: HTMLDivElement | null, shadows: string): void {
  if (element) element.style.boxShadow = shadows;
}

/**
 * The deep-space background behind every screen (decorative, hidden from assistive tech). It drifts
 * and twinkles on the landing; `still` holds it where the player plays, since a running animation
 * has the browser compose a new frame 60 times a second for as long as the page is open (about a
 * core's worth of work where the browser composes without a GPU).
 */
export function Starfield({ still = false }: { still?: boolean }) {
  return (
    <div className={still ? "starfield starfield-still" : "starfield"} aria-hidden="true">
      <div className="nebula" />
      {LAYERS.map((layer) => (
        <div
          key={layer.className}
          className={layer.className}
          ref={(element) => paintStars(element, layer.shadows)}
        />
      ))}
    </div>
  );
}
